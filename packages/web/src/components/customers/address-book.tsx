import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { addressTypeLabel, createAddressInput, defaultCountry, type AddressInfo } from '@event-admin/core/address/address.schema';
import { Field } from '../ui/form-field.tsx';
import { toast, toastFailure } from '../ui/toast.tsx';
import { PlusIcon } from '../ui/icons.tsx';
import { trpc } from '../../lib/trpc.ts';
import { BusyButton } from '../ui/busy-button.tsx';
import { LoadError } from '../ui/load-state.tsx';

/** The Addresses tab: the customer's addresses, and a form to add one. */
export function AddressBook({ customerId }: { customerId: string }) {
  const addresses = trpc.customers.addresses.useQuery({ id: customerId });
  const [adding, setAdding] = useState(false);

  return (
    <section aria-labelledby="address-book-heading">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h4 id="address-book-heading" className="font-semibold">
          Address Book
        </h4>
        {!adding && (
          <button type="button" className="btn btn-sm btn-outline" onClick={() => setAdding(true)}>
            <PlusIcon />
            Add Address
          </button>
        )}
      </div>
      {adding && <AddressForm customerId={customerId} onDone={() => setAdding(false)} />}
      {addresses.isPending ? (
        <div className="grid gap-3 sm:grid-cols-2" aria-hidden="true">
          <div className="skeleton h-28" />
          <div className="skeleton h-28" />
        </div>
      ) : addresses.isError ? (
        <LoadError what="The addresses" onRetry={() => void addresses.refetch()} />
      ) : addresses.data.length === 0 ? (
        <p className="py-6 text-center text-base-content/60">No addresses saved yet.</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {addresses.data.map((address) => (
            <AddressCard key={address.id} address={address} />
          ))}
        </ul>
      )}
    </section>
  );
}

function AddressCard({ address }: { address: AddressInfo }) {
  return (
    <li className="rounded-box border border-base-300 p-4" data-testid="address-card">
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <span className="badge badge-outline">{addressTypeLabel(address.addressType)}</span>
        {address.isDefault && <span className="badge badge-primary">Primary</span>}
      </div>
      <address className="text-sm not-italic leading-relaxed">
        {address.street}
        <br />
        {address.city}, {address.state} {address.zipCode}
        <br />
        {address.country}
      </address>
    </li>
  );
}

// The customer comes from the dialog, not the form.
const addressForm = createAddressInput.omit({ customerId: true });

function AddressForm({ customerId, onDone }: { customerId: string; onDone: () => void }) {
  const utils = trpc.useUtils();
  const add = trpc.customers.createAddress.useMutation();
  const form = useForm({
    resolver: zodResolver(addressForm),
    defaultValues: { addressType: 'billing', isDefault: false, street: '', city: '', state: '', zipCode: '', country: defaultCountry },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync({ customerId, ...values });
      await utils.customers.addresses.invalidate({ id: customerId });
      toast({ title: 'Address added', description: 'The address has been added to the address book.', variant: 'success' });
      onDone();
    } catch (error) {
      toastFailure('Failed to add address', error);
    }
  });

  return (
    <form className="mb-4 rounded-box border border-base-300 bg-base-200/50 p-4" onSubmit={onSubmit} noValidate aria-label="New address">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Address type">
          {(p) => (
            <select {...p} className="select w-full" {...form.register('addressType')}>
              <option value="billing">Billing</option>
              <option value="shipping">Shipping</option>
            </select>
          )}
        </Field>
        <label className="flex items-center gap-2 self-end pb-2 text-sm">
          <input type="checkbox" className="checkbox checkbox-sm" {...form.register('isDefault')} />
          Primary address
        </label>
        <div className="sm:col-span-2">
          <Field label="Street" error={errors.street?.message}>
            {(p) => (
              <input {...p} className="input w-full" autoComplete="off" aria-invalid={!!errors.street} {...form.register('street')} />
            )}
          </Field>
        </div>
        <Field label="City" error={errors.city?.message}>
          {(p) => <input {...p} className="input w-full" autoComplete="off" aria-invalid={!!errors.city} {...form.register('city')} />}
        </Field>
        <Field label="State" error={errors.state?.message}>
          {(p) => <input {...p} className="input w-full" autoComplete="off" aria-invalid={!!errors.state} {...form.register('state')} />}
        </Field>
        <Field label="ZIP code" error={errors.zipCode?.message}>
          {(p) => (
            <input {...p} className="input w-full" autoComplete="off" aria-invalid={!!errors.zipCode} {...form.register('zipCode')} />
          )}
        </Field>
        <Field label="Country" error={errors.country?.message}>
          {(p) => (
            <input {...p} className="input w-full" autoComplete="off" aria-invalid={!!errors.country} {...form.register('country')} />
          )}
        </Field>
      </div>
      <div className="mt-4 flex justify-end gap-2">
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </button>
        <BusyButton busy={isSubmitting} className="btn btn-primary btn-sm">
          Save Address
        </BusyButton>
      </div>
    </form>
  );
}
