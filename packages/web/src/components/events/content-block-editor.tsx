import { arrayMove } from '@dnd-kit/sortable';
import { useEffect, useState } from 'react';
import type { ContentBlock, ContentBlocksInfo } from '@event-admin/core/content-block/content-block.schema';
import { PlusIcon } from '../ui/icons.tsx';
import { SortableList } from '../ui/sortable-list.tsx';
import { toast } from '../ui/toast.tsx';
import { UnsavedChangesGuard } from '../ui/unsaved-changes.tsx';
import { useVersionedSave } from '../ui/use-versioned-form.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { AddBlockDialog } from './add-block-dialog.tsx';
import { blockTypeLabels, type BlockDraft } from './block-form.tsx';
import { SortableBlock } from './sortable-block.tsx';
import { BusyButton } from '../ui/busy-button.tsx';

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
  const [editingId, setEditingId] = useState<string | null>(null);
  const [addOpen, setAddOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const dirty = JSON.stringify(blocks) !== JSON.stringify(saved);

  const describe = (id: string) => {
    const index = blocks.findIndex((b) => b.id === id);
    return index < 0 ? 'block' : `${blockTypeLabels[blocks[index]!.type]} block ${index + 1}`;
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

  const versioned = useVersionedSave({
    version: initialVersion || undefined,
    what: 'content block list',
    save: (list: ContentBlock[], version) => save.mutateAsync({ eventId, blocks: list, version }),
    versionOf: (result: ContentBlocksInfo) => result.version || undefined,
    load: () => utils.contentBlocks.get.fetch({ id: eventId }, { staleTime: 0 }),
    apply: (result) => {
      utils.contentBlocks.get.setData({ id: eventId }, result);
      setBlocks(result.blocks);
      setSaved(result.blocks);
      setEditingId(null);
    },
    onSaved: () =>
      toast({ title: 'Content blocks saved', description: 'Your content blocks have been updated successfully.', variant: 'success' }),
    onFailed: (error, conflict) =>
      toast({
        title: 'Error saving content blocks',
        description: conflict
          ? errorMessage(error, 'The blocks were changed elsewhere.')
          : 'There was a problem saving your content blocks. Please try again.',
        variant: 'destructive',
      }),
  });

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
          <BusyButton busy={save.isPending} busyLabel="Saving..." type="button" onClick={() => void versioned.submit(blocks)}>
            Save Changes
          </BusyButton>
        </div>
      </div>

      {loadFailed && (
        <div role="alert" className="alert alert-warning text-sm">
          The saved content blocks could not be loaded. Saving now replaces them with the list below.
        </div>
      )}
      {versioned.notice}
      <UnsavedChangesGuard when={dirty} onDiscard={() => setBlocks(saved)} />
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
        <SortableList
          ids={blocks.map((b) => b.id)}
          what="block"
          describe={describe}
          onMove={(from, to) => setBlocks((list) => arrayMove(list, from, to))}
        >
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
        </SortableList>
      )}

      <AddBlockDialog open={addOpen} onClose={() => setAddOpen(false)} onAdd={add} />
    </div>
  );
}
