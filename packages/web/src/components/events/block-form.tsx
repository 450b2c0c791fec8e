import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import {
  bannerBlock,
  imageBlock,
  textBlock,
  videoBlock,
  type ContentBlock,
  type ContentBlockType,
} from '@event-admin/core/content-block/content-block.schema';
import { Field } from '../ui/form-field.tsx';
import { UnsavedChangesGuard } from '../ui/unsaved-changes.tsx';
import { FormActions } from '../ui/busy-button.tsx';

export const blockTypeLabels: Record<ContentBlockType, string> = { text: 'Text', image: 'Image', banner: 'Banner', video: 'Video' };

/** The editable fields of every block type; a block is its type plus these. */
export interface BlockFields {
  content?: string;
  imageUrl?: string;
  altText?: string;
  headline?: string;
  backgroundImageUrl?: string;
  embedUrl?: string;
  caption?: string;
}
type FieldName = keyof BlockFields;

export type BlockDraft = ContentBlock extends infer B ? (B extends ContentBlock ? Omit<B, 'id'> : never) : never;

// The server's own block schemas: the same rules (http(s) links only) and the same messages.
const schemas = {
  text: textBlock.omit({ id: true, type: true }),
  image: imageBlock.omit({ id: true, type: true }),
  banner: bannerBlock.omit({ id: true, type: true }),
  video: videoBlock.omit({ id: true, type: true }),
};

const fields: Record<ContentBlockType, { name: FieldName; label: string; kind?: 'textarea' | 'url'; hint?: string }[]> = {
  text: [{ name: 'content', label: 'Content', kind: 'textarea' }],
  image: [
    { name: 'imageUrl', label: 'Image URL', kind: 'url' },
    { name: 'altText', label: 'Alt Text', hint: 'Describes the image for screen readers' },
  ],
  banner: [
    { name: 'headline', label: 'Headline' },
    { name: 'backgroundImageUrl', label: 'Background Image URL', kind: 'url' },
  ],
  video: [
    { name: 'embedUrl', label: 'Embed URL', kind: 'url', hint: 'An https embed address, e.g. https://www.youtube.com/embed/...' },
    { name: 'caption', label: 'Caption', hint: 'Optional' },
  ],
};

export function emptyFields(type: ContentBlockType): BlockFields {
  return Object.fromEntries(fields[type].map((f) => [f.name, ''])) as BlockFields;
}

/** The fields of one block type, validated with the block schema; used to add and to edit. */
export function BlockForm({
  type,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  type: ContentBlockType;
  initial?: BlockFields;
  submitLabel: string;
  onSubmit: (block: BlockDraft) => void;
  onCancel: () => void;
}) {
  const form = useForm<BlockFields>({
    resolver: zodResolver(schemas[type]) as unknown as Resolver<BlockFields>,
    defaultValues: { ...emptyFields(type), ...pick(initial ?? {}, type) },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((values) => onSubmit({ ...pick(values, type), type } as BlockDraft));

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        // The edit card sits inside no other form, but the add dialog's may: never let it bubble.
        e.stopPropagation();
        void submit(e);
      }}
    >
      <UnsavedChangesGuard when={form.formState.isDirty} onDiscard={() => form.reset()} />
      {fields[type].map((field) => (
        <Field key={field.name} label={field.label} hint={field.hint} error={errors[field.name]?.message}>
          {(p) =>
            field.kind === 'textarea' ? (
              <textarea {...p} className="textarea w-full" rows={4} {...form.register(field.name)} />
            ) : (
              <input
                {...p}
                className="input w-full"
                type={field.kind === 'url' ? 'url' : 'text'}
                placeholder={field.kind === 'url' ? 'https://' : undefined}
                {...form.register(field.name)}
              />
            )
          }
        </Field>
      ))}
      <FormActions onCancel={onCancel}>{submitLabel}</FormActions>
    </form>
  );
}

function pick(values: BlockFields, type: ContentBlockType): BlockFields {
  return Object.fromEntries(fields[type].map((f) => [f.name, values[f.name] ?? ''])) as BlockFields;
}
