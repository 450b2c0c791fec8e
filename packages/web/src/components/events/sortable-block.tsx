import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ContentBlock } from '@event-admin/core/content-block/content-block.schema';
import { ArrowDownIcon, ArrowUpIcon, GripIcon } from '../ui/icons.tsx';
import { BlockForm, blockTypeLabels, type BlockDraft } from './block-form.tsx';
import { BlockPreview } from './block-preview.tsx';

/** One block of the list: a drag handle, move/edit/delete buttons, and its preview or edit form. */
export function SortableBlock({
  block,
  index,
  count,
  editing,
  onEdit,
  onCancelEdit,
  onUpdate,
  onDelete,
  onMove,
}: {
  block: ContentBlock;
  index: number;
  count: number;
  editing: boolean;
  onEdit: () => void;
  onCancelEdit: () => void;
  onUpdate: (draft: BlockDraft) => void;
  onDelete: () => void;
  onMove: (delta: -1 | 1) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: block.id,
    disabled: editing,
  });
  const label = `block ${index + 1}`;
  const typeLabel = blockTypeLabels[block.type];
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`card card-border bg-base-100 ${isDragging ? 'z-10 shadow-lg ring-2 ring-primary' : ''}`}
      aria-label={`${typeLabel} block, position ${index + 1} of ${count}`}
      data-testid="content-block"
      data-block-id={block.id}
      data-block-type={block.type}
    >
      <div className="card-body gap-2 p-3 sm:p-4">
        <div className="flex items-center gap-2">
          <button
            type="button"
            ref={setActivatorNodeRef}
            className="btn btn-ghost btn-sm btn-square cursor-grab touch-none active:cursor-grabbing"
            aria-label={`Drag to reorder ${label}`}
            disabled={editing}
            {...attributes}
            {...listeners}
          >
            <GripIcon />
          </button>
          <p className="flex-1 text-xs font-semibold uppercase tracking-wide text-base-content/60">
            {typeLabel} <span className="sr-only">block</span>
          </p>
          {!editing && (
            <div className="flex items-center gap-1">
              <button
                type="button"
                className="btn btn-ghost btn-xs btn-square"
                aria-label={`Move ${label} up`}
                title="Move up"
                disabled={index === 0}
                onClick={() => onMove(-1)}
              >
                <ArrowUpIcon />
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-xs btn-square"
                aria-label={`Move ${label} down`}
                title="Move down"
                disabled={index === count - 1}
                onClick={() => onMove(1)}
              >
                <ArrowDownIcon />
              </button>
              <button type="button" className="btn btn-ghost btn-xs" aria-label={`Edit ${label}`} onClick={onEdit}>
                Edit
              </button>
              <button type="button" className="btn btn-ghost btn-xs text-error" aria-label={`Delete ${label}`} onClick={onDelete}>
                Delete
              </button>
            </div>
          )}
        </div>
        <div className="min-w-0 sm:pl-10">
          {editing ? (
            <div className="rounded-box bg-base-200 p-3" aria-label={`Edit ${label}`} role="group">
              <BlockForm type={block.type} initial={block} submitLabel="Update Block" onSubmit={onUpdate} onCancel={onCancelEdit} />
            </div>
          ) : (
            <BlockPreview block={block} />
          )}
        </div>
      </div>
    </li>
  );
}
