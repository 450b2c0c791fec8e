import { useState } from 'react';
import { contentBlockTypes, type ContentBlockType } from '@event-admin/core/content-block/content-block.schema';
import { Dialog } from '../ui/dialog.tsx';
import { Tabs } from '../ui/tabs.tsx';
import { BlockForm, blockTypeLabels, type BlockDraft } from './block-form.tsx';

/** Add Block: a tab per block type, each with that type's fields. */
export function AddBlockDialog({ open, onClose, onAdd }: { open: boolean; onClose: () => void; onAdd: (draft: BlockDraft) => void }) {
  const [type, setType] = useState<ContentBlockType>('text');
  const close = () => {
    setType('text');
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} title="Add Block" description="Choose a block type and fill in its content.">
      {/* Only the chosen type's fields are mounted: picking another type starts it empty. */}
      <Tabs
        label="Block type"
        value={type}
        onChange={setType}
        tabs={contentBlockTypes.map((t) => ({
          id: t,
          label: blockTypeLabels[t],
          content:
            t === type ? (
              <BlockForm
                type={t}
                submitLabel="Add Block"
                onSubmit={(draft) => {
                  onAdd(draft);
                  setType('text');
                }}
                onCancel={close}
              />
            ) : null,
        }))}
      />
    </Dialog>
  );
}
