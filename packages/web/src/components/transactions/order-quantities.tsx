import { useEffect } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { OrderForm } from '@event-admin/core/order/order.schema';
import { orderTotals } from '@event-admin/core/order/order.rules';
import { formatCents, parseAmountToCents } from '@event-admin/core/transaction/money';
import type { AvailabilityInfo, TicketTypeInfo } from '@event-admin/core/ticket-type/ticket-type.schema';
import { Field, FieldError } from '../ui/form-field.tsx';
import { Loaded } from '../ui/load-state.tsx';
import { trpc } from '../../lib/trpc.ts';

/** A quantity box's value: empty is none. */
const quantityOf = (text: unknown) => (text === '' || text === null || text === undefined ? 0 : Number(text));

/** What a type's box says beside its price: how many are left (exact at the read), or why none can be chosen. */
function leftText(left: AvailabilityInfo['types'][number] | undefined) {
  if (!left) return 'Not on sale';
  if (left.available === 0) return 'Sold out';
  if (!left.onSale) return 'Not on sale';
  return left.available === null ? 'No limit' : `${left.available} left`;
}

/**
 * A quantity for each of the event's ticket types, with what is left of each, and the order's
 * subtotal, service fee and total as they change: the fee is core's `orderTotals`, the very
 * arithmetic (and rounding) the server charges with.
 */
export function OrderQuantities({ form, eventId }: { form: UseFormReturn<OrderForm>; eventId: string }) {
  const types = trpc.ticketTypes.list.useQuery({ eventId });
  const availability = trpc.ticketTypes.availability.useQuery({ eventId });
  const ids = types.data?.map((t) => t.id).join(' ');
  // One line per type, 0 each, when the event's types arrive; a refetch of the same types keeps what was typed.
  useEffect(() => {
    if (!types.data) return;
    const lines = form.getValues('lines');
    if (lines.map((l) => l.ticketTypeId).join(' ') !== ids) {
      form.setValue(
        'lines',
        types.data.map((t) => ({ ticketTypeId: t.id, quantity: 0 })),
      );
    }
  }, [form, ids, types.data]);

  return (
    <Loaded query={types} label="Loading ticket types" what="The ticket types">
      {(list) =>
        list.length === 0 ? (
          <p className="text-sm text-base-content/70">This event has no ticket types yet.</p>
        ) : (
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 text-sm font-medium">Tickets</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {list.map((type, i) => {
                const left = availability.data?.types.find((t) => t.id === type.id);
                const box = {
                  className: 'input w-full',
                  type: 'number',
                  inputMode: 'numeric',
                  min: 0,
                  max: Math.min(type.maxPerOrder, left?.available ?? type.maxPerOrder),
                  disabled: !left || !left.onSale || left.available === 0,
                  ...form.register(`lines.${i}.quantity`, { setValueAs: quantityOf }),
                } as const;
                return (
                  <Field key={type.id} label={type.name} hint={`${type.price} each · ${leftText(left)}`}>
                    {(p) => <input {...p} {...box} />}
                  </Field>
                );
              })}
            </div>
            <FieldError message={form.formState.errors.lines?.root?.message ?? form.formState.errors.lines?.message} />
            <OrderSums form={form} types={list} />
          </fieldset>
        )
      }
    </Loaded>
  );
}

/** Subtotal, service fee (Global Settings) and total of the quantities typed so far. */
function OrderSums({ form, types }: { form: UseFormReturn<OrderForm>; types: TicketTypeInfo[] }) {
  const settings = trpc.settings.get.useQuery();
  const lines = useWatch({ control: form.control, name: 'lines' });
  const priced = lines.flatMap(({ ticketTypeId, quantity }) => {
    const type = types.find((t) => t.id === ticketTypeId);
    if (!type || !Number.isInteger(quantity) || quantity <= 0) return [];
    const unitPriceCents = parseAmountToCents(type.price) ?? 0;
    return [{ ticketTypeId, name: type.name, quantity, unitPriceCents, totalCents: unitPriceCents * quantity }];
  });
  const totals = settings.data ? orderTotals(priced, settings.data.serviceFeePercentage) : null;
  const money = (cents: number | undefined) => (cents === undefined ? '...' : formatCents(cents));
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" aria-live="polite" data-testid="order-sums">
      <dt>Subtotal</dt>
      <dd className="text-right tabular-nums">{money(totals?.subtotalCents)}</dd>
      <dt>Service fee</dt>
      <dd className="text-right tabular-nums">{money(totals?.serviceFeeCents)}</dd>
      <dt className="font-semibold">Total</dt>
      <dd className="text-right font-semibold tabular-nums">{money(totals?.amountCents)}</dd>
    </dl>
  );
}
