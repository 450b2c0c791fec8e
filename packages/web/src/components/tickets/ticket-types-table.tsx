import { arrayMove, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { TicketTypeInfo } from '@event-admin/core/ticket-type/ticket-type.schema';
import { GripIcon } from '../ui/icons.tsx';
import { SortableList } from '../ui/sortable-list.tsx';
import { ScrollTable } from '../ui/scroll-table.tsx';

/** A row of the table: the type with whether it is on sale now (from the event's availability). */
export type TicketTypeRow = TicketTypeInfo & { onSale: boolean };

/** The columns: the handle's and the buttons' named for screen readers only; figures to the right. */
const head = ['Reorder', 'Name', 'Price', 'Sold', 'Held', 'Available', 'On sale', 'Per order', 'Actions'].map((label) => ({
  label,
  className: ['Reorder', 'Name', 'On sale', 'Actions'].includes(label) ? '' : 'text-right',
  hidden: label === 'Reorder' || label === 'Actions',
}));

/**
 * The event's ticket types in display order: drag a row by its handle (or pick it up with Space
 * and move it with the arrow keys) to reorder; `onReorder` gets the ids in the new order.
 */
export function TicketTypesTable({
  rows,
  onReorder,
  onEdit,
  onDelete,
}: {
  rows: readonly TicketTypeRow[];
  onReorder: (ids: string[]) => void;
  onEdit: (row: TicketTypeRow) => void;
  onDelete: (row: TicketTypeRow) => void;
}) {
  const ids = rows.map((r) => r.id);
  const describe = (id: string) => rows.find((r) => r.id === id)?.name ?? 'ticket type';
  return (
    <SortableList ids={ids} what="ticket type" describe={describe} onMove={(from, to) => onReorder(arrayMove(ids, from, to))}>
      <ScrollTable labelledBy="ticket-types-heading" head={head}>
        <tbody>
          {rows.map((row) => (
            <SortableRow key={row.id} row={row} onEdit={() => onEdit(row)} onDelete={() => onDelete(row)} />
          ))}
        </tbody>
      </ScrollTable>
    </SortableList>
  );
}

const count = (value: number | null) => (value === null ? 'No limit' : value);

function SortableRow({ row, onEdit, onDelete }: { row: TicketTypeRow; onEdit: () => void; onDelete: () => void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: row.id });
  return (
    <tr
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={isDragging ? 'relative z-10 bg-base-200 shadow-lg' : ''}
      data-testid="ticket-type-row"
      data-type-id={row.id}
    >
      <td className="w-10">
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="btn btn-ghost btn-sm btn-square cursor-grab touch-none active:cursor-grabbing"
          aria-label={`Drag to reorder ${row.name}`}
          {...attributes}
          {...listeners}
        >
          <GripIcon />
        </button>
      </td>
      <td className="font-medium">{row.name}</td>
      <td className="text-right tabular-nums">{row.price}</td>
      <td className="text-right tabular-nums">{row.sold}</td>
      <td className="text-right tabular-nums">{row.held}</td>
      <td className="text-right tabular-nums">{count(row.available)}</td>
      <td>{row.onSale ? 'Yes' : 'No'}</td>
      <td className="text-right tabular-nums whitespace-nowrap">
        {row.minPerOrder}–{row.maxPerOrder}
      </td>
      <td className="whitespace-nowrap text-right">
        <button type="button" className="btn btn-ghost btn-xs" aria-label={`Edit ${row.name}`} onClick={onEdit}>
          Edit
        </button>
        <button type="button" className="btn btn-ghost btn-xs text-error" aria-label={`Delete ${row.name}`} onClick={onDelete}>
          Delete
        </button>
      </td>
    </tr>
  );
}
