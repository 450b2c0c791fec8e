import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useEffect, useState } from 'react';
import { contentBlockTypes, type ContentBlock, type ContentBlockType } from '@event-admin/core/content-block/content-block.schema';
import { Dialog } from '../../../../components/ui/dialog.tsx';
import { ArrowDownIcon, ArrowUpIcon, PlusIcon } from '../../../../components/ui/icons.tsx';
import { toast } from '../../../../components/ui/toast.tsx';
import { errorMessage, isConflict } from '../../../../lib/errors.ts';
import { trpc } from '../../../../lib/trpc.ts';
import { BlockForm, blockTypeLabels, type BlockDraft } from './block-form.tsx';
import { BlockPreview } from './block-preview.tsx';
import { ConflictNotice } from './conflict-notice.tsx';
import { TabList, TabPanel } from './tabs.tsx';

/** A unique block id; crypto.randomUUID needs a secure context, so fall back to random bytes. */
function newBlockId() {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Content Blocks tab: loads the event's blocks, then hands them to the editor. */
export function ContentBlockEditor({ eventId }: { eventId: string }) {
  const blocks = trpc.contentBlocks.get.useQuery({ id: eventId });
  useEffect(() => {
    // SPEC §7: a load failure is logged and shows an empty list.
    if (blocks.error) console.error('Failed to load content blocks', blocks.error);
  }, [blocks.error]);

  if (blocks.isLoading) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading content blocks">
        {[0, 1, 2].map((i) => (
          <div key={i} className="skeleton h-20 w-full" />
        ))}
      </div>
    );
  }
  return (
    <BlockList
      key={eventId}
      eventId={eventId}
      initialBlocks={blocks.data?.blocks ?? []}
      initialVersion={blocks.data?.version}
      loadFailed={blocks.isError}
    />
  );
}

function BlockList({
  eventId,
  initialBlocks,
  initialVersion,
  loadFailed,
}: {
  eventId: string;
  initialBlocks: ContentBlock[];
  initialVersion: number | undefined;
  loadFailed: boolean;
}) {
  const utils = trpc.useUtils();
  const save = trpc.contentBlocks.save.useMutation();
  const [blocks, setBlocks] = useState(initialBlocks);
  const [saved, setSaved] = useState(initialBlocks);
  const [version, setVersion] = useState(initialVersion);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [addOpen, setAddOpen] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const dirty = JSON.stringify(blocks) !== JSON.stringify(saved);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const describe = (id: UniqueIdentifier) => {
    const index = blocks.findIndex((b) => b.id === id);
    return index < 0 ? 'block' : `${blockTypeLabels[blocks[index]!.type]} block ${index + 1}`;
  };
  const position = (id: UniqueIdentifier | undefined) => blocks.findIndex((b) => b.id === id) + 1;
  // Screen readers hear positions and types, not the blocks' ids.
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${describe(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${describe(active.id)} is over position ${position(over.id)} of ${blocks.length}.` : undefined),
    onDragEnd: ({ active, over }) => (over ? `${describe(active.id)} dropped at position ${position(over.id)} of ${blocks.length}.` : `${describe(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving ${describe(active.id)} was cancelled.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    setBlocks((list) => arrayMove(list, list.findIndex((b) => b.id === active.id), list.findIndex((b) => b.id === over.id)));
  };

  const move = (index: number, delta: -1 | 1) => {
    const target = index + delta;
    if (target < 0 || target >= blocks.length) return;
    setAnnouncement(`${describe(blocks[index]!.id)} moved to position ${target + 1} of ${blocks.length}.`);
    setBlocks((list) => arrayMove(list, index, target));
  };

  const remove = (id: string) => {
    setAnnouncement(`${describe(id)} deleted. Save Changes to keep this.`);
    setBlocks((list) => list.filter((b) => b.id !== id));
    if (editingId === id) setEditingId(null);
  };

  const add = (draft: BlockDraft) => {
    setBlocks((list) => [...list, { ...draft, id: newBlockId() } as ContentBlock]);
    setAddOpen(false);
    setAnnouncement(`${blockTypeLabels[draft.type]} block added at position ${blocks.length + 1}.`);
  };

  const update = (id: string, draft: BlockDraft) => {
    setBlocks((list) => list.map((b) => (b.id === id ? ({ ...draft, id } as ContentBlock) : b)));
    setEditingId(null);
  };

  const saveAll = async () => {
    try {
      const result = await save.mutateAsync({ eventId, blocks, version: version || undefined });
      utils.contentBlocks.get.setData({ id: eventId }, result);
      setBlocks(result.blocks);
      setSaved(result.blocks);
      setVersion(result.version);
      setConflict(false);
      toast({ title: 'Content blocks saved', description: 'Your content blocks have been updated successfully.', variant: 'success' });
    } catch (error) {
      if (isConflict(error)) {
        setConflict(true);
        toast({ title: 'Error saving content blocks', description: errorMessage(error, 'The blocks were changed elsewhere.'), variant: 'destructive' });
      } else {
        toast({
          title: 'Error saving content blocks',
          description: 'There was a problem saving your content blocks. Please try again.',
          variant: 'destructive',
        });
      }
    }
  };

  const reload = async () => {
    setReloading(true);
    try {
      const latest = await utils.contentBlocks.get.fetch({ id: eventId }, { staleTime: 0 });
      setBlocks(latest.blocks);
      setSaved(latest.blocks);
      setVersion(latest.version);
      setEditingId(null);
      setConflict(false);
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error, 'The content blocks could not be loaded.'), variant: 'destructive' });
    } finally {
      setReloading(false);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 className="text-lg font-semibold">Content Blocks</h3>
          <p className="text-sm text-base-content/70">
            Drag blocks by their handle, or use the arrow buttons, to change the order.
            {dirty && <span className="badge badge-warning badge-sm ml-2 align-middle">Unsaved changes</span>}
          </p>
        </div>
        <div className="flex gap-2">
          <button type="button" className="btn" onClick={() => setAddOpen(true)}>
            <PlusIcon />
            Add Block
          </button>
          <button type="button" className="btn btn-primary" onClick={() => void saveAll()} disabled={save.isPending}>
            {save.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {save.isPending ? 'Saving...' : 'Save Changes'}
          </button>
        </div>
      </div>

      {loadFailed && (
        <div role="alert" className="alert alert-warning text-sm">
          The saved content blocks could not be loaded. Saving now replaces them with the list below.
        </div>
      )}
      {conflict && <ConflictNotice what="content block list" onReload={() => void reload()} reloading={reloading} />}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>

      {blocks.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 py-12 text-center">
          <p className="text-base-content/70">No content blocks added yet</p>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setAddOpen(true)}>
            Add your first block
          </button>
        </div>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements,
            screenReaderInstructions: {
              draggable: 'To pick up a block, press Space or Enter. Use the up and down arrow keys to move it, Space or Enter to drop it, Escape to cancel.',
            },
          }}
        >
          <SortableContext items={blocks.map((b) => b.id)} strategy={verticalListSortingStrategy}>
            <ol className="flex flex-col gap-3" aria-label="Content blocks">
              {blocks.map((block, index) => (
                <SortableBlock
                  key={block.id}
                  block={block}
                  index={index}
                  count={blocks.length}
                  editing={editingId === block.id}
                  onEdit={() => setEditingId(block.id)}
                  onCancelEdit={() => setEditingId(null)}
                  onUpdate={(draft) => update(block.id, draft)}
                  onDelete={() => remove(block.id)}
                  onMove={(delta) => move(index, delta)}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}

      <AddBlockDialog open={addOpen} onClose={() => setAddOpen(false)} onAdd={add} />
    </div>
  );
}

function SortableBlock({
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
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: block.id, disabled: editing });
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
              <button type="button" className="btn btn-ghost btn-xs btn-square" aria-label={`Move ${label} up`} title="Move up" disabled={index === 0} onClick={() => onMove(-1)}>
                <ArrowUpIcon />
              </button>
              <button type="button" className="btn btn-ghost btn-xs btn-square" aria-label={`Move ${label} down`} title="Move down" disabled={index === count - 1} onClick={() => onMove(1)}>
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

function AddBlockDialog({ open, onClose, onAdd }: { open: boolean; onClose: () => void; onAdd: (draft: BlockDraft) => void }) {
  const [type, setType] = useState<ContentBlockType>('text');
  const close = () => {
    setType('text');
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} title="Add Block" description="Choose a block type and fill in its content.">
      <TabList
        tabs={contentBlockTypes.map((t) => ({ key: t, label: blockTypeLabels[t] }))}
        active={type}
        onChange={setType}
        label="Block type"
        idPrefix="add-block"
        className="mb-4"
      />
      <TabPanel idPrefix="add-block" tabKey={type} active>
        <BlockForm
          key={type}
          type={type}
          submitLabel="Add Block"
          onSubmit={(draft) => {
            onAdd(draft);
            setType('text');
          }}
          onCancel={close}
        />
      </TabPanel>
    </Dialog>
  );
}

const GripIcon = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" fill="currentColor" aria-hidden="true">
    {[6, 12, 18].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" />))}
  </svg>
);
