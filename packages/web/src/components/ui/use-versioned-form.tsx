import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type * as z from 'zod';
import { errorMessage, isConflict } from '../../lib/errors.ts';
import { ConflictNotice } from './conflict-notice.tsx';
import { toast } from './toast.tsx';
import { UnsavedChangesGuard } from './unsaved-changes.tsx';

export interface VersionedSaveOptions<TRecord, TDraft> {
  /** The version the record was loaded with; the next save sends it (undefined: none stored yet). */
  version: number | undefined;
  /** Named by the conflict notice: 'event' reads 'The event was changed elsewhere since you opened it.' */
  what: string;
  save: (draft: TDraft, version: number | undefined) => Promise<TRecord>;
  versionOf: (record: TRecord) => number | undefined;
  /** Reads the latest stored record, past the cache, for "Load latest version". */
  load?: () => Promise<TRecord>;
  /** Puts a saved or reloaded record on screen (and in the query cache). */
  apply: (record: TRecord) => void;
  /** After a save: SPEC's success toast, the lists to invalidate, closing a dialog. */
  onSaved?: (record: TRecord) => void;
  /** SPEC's failure toast; the input stays as typed either way. */
  onFailed: (error: unknown, conflict: boolean) => void;
}

/**
 * The versioned save every editor shares: each save sends the version it last saw, so a record
 * changed elsewhere meanwhile is refused (409) instead of overwritten. A refusal keeps the input
 * and shows a notice offering "Load latest version". Form-shaped editors use useVersionedForm.
 */
export function useVersionedSave<TRecord, TDraft>(options: VersionedSaveOptions<TRecord, TDraft>) {
  const { what, save, versionOf, load, apply, onSaved, onFailed } = options;
  const [version, setVersion] = useState(options.version);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);

  const take = (record: TRecord) => {
    setVersion(versionOf(record));
    setConflict(false);
    apply(record);
  };

  const submit = async (draft: TDraft) => {
    try {
      const record = await save(draft, version);
      take(record);
      onSaved?.(record);
    } catch (error) {
      const refused = isConflict(error);
      if (refused) setConflict(true);
      onFailed(error, refused);
    }
  };

  const reload = async () => {
    if (!load) return;
    setReloading(true);
    try {
      take(await load());
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error, `The latest ${what} could not be loaded.`), variant: 'destructive' });
    } finally {
      setReloading(false);
    }
  };

  const notice = conflict && load ? <ConflictNotice what={what} onReload={() => void reload()} reloading={reloading} /> : null;
  return { version, conflict, submit, notice };
}

type FormSchema = z.ZodType<FieldValues, FieldValues>;

/** A record a form edits: its version guards the next save (none: never stored, or a new one). */
type Versioned = { version?: number } | null | undefined;

/** What a versioned form is, whatever record it opens with: declared once beside its values. */
export interface FormSpec<TSchema extends FormSchema, TRecord extends Versioned> {
  /** The form's core schema: the same rules and messages as the server's. */
  schema: TSchema;
  /** A loaded, saved or reloaded record as form values. */
  toValues: (record: TRecord) => z.input<TSchema>;
  /** Named by the conflict notice: 'event' reads 'The event was changed elsewhere since you opened it.' */
  what: string;
}

export interface VersionedFormOptions<TSchema extends FormSchema, TRecord extends Versioned> extends Omit<
  VersionedSaveOptions<TRecord, z.output<TSchema>>,
  'apply' | 'version' | 'versionOf' | 'what'
> {
  /** The loaded record (or none, for an empty form): its values fill the form, its version goes with the next save. */
  record: TRecord;
  /** Puts a saved or reloaded record in the query cache. */
  cache?: (record: TRecord) => void;
}

export interface VersionedForm<TSchema extends FormSchema> {
  form: UseFormReturn<z.input<TSchema>, unknown, z.output<TSchema>>;
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  /** The conflict notice (when a save was refused) and the unsaved-changes guard. */
  notices: ReactNode;
  dirty: boolean;
}

/**
 * An edit form over react-hook-form: validated with the core schema, saved with the loaded
 * version; a save resets the form to what was stored, a 409 keeps the input and offers the latest
 * version, and leaving with unsaved edits asks first (UnsavedChangesGuard).
 */
export function useVersionedForm<TSchema extends FormSchema, TRecord extends Versioned>(
  spec: FormSpec<TSchema, TRecord>,
  options: VersionedFormOptions<TSchema, TRecord>,
): VersionedForm<TSchema> {
  const { schema, toValues, what } = spec;
  const { record, cache, ...rest } = options;
  const form = useForm<z.input<TSchema>, unknown, z.output<TSchema>>({
    resolver: zodResolver(schema),
    defaultValues: toValues(record) as DefaultValues<z.input<TSchema>>,
  });
  const versioned = useVersionedSave<TRecord, z.output<TSchema>>({
    ...rest,
    what,
    version: record?.version,
    versionOf: (saved) => saved?.version,
    apply: (record) => {
      cache?.(record);
      form.reset(toValues(record));
    },
  });
  const dirty = form.formState.isDirty;
  const onSubmit = form.handleSubmit((draft) => versioned.submit(draft));
  const notices = (
    <>
      {versioned.notice}
      <UnsavedChangesGuard when={dirty} onDiscard={() => form.reset()} />
    </>
  );
  return { form, onSubmit, notices, dirty };
}
