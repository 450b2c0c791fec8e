import { useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { knownTimeZone, timeZoneNames, zoneLabel } from '@event-admin/core/time/zone';
import { Field } from './form-field.tsx';

let options: { name: string; label: string }[] | undefined;
/**
 * The zones offered (the browser's IANA list, some 400), each with its offset now: built once, on
 * first use. Each offset needs a formatter of its own, some 90 ms for the list on a fast machine,
 * so a form holds the list back until its field is focused, when the suggestions are first shown.
 */
function zoneOptions() {
  options ??= timeZoneNames().map((name) => ({ name, label: zoneLabel(name) }));
  return options;
}

/**
 * A searchable time-zone field (issue 32): a text input with the browser's list of IANA names as
 * suggestions (`<input list>`, a combobox to assistive technology), narrowed as one types. Any name
 * the browser knows is accepted, links such as US/Eastern too; the hint shows the typed zone with
 * its offset now, `America/New_York (UTC−05:00)`.
 */
export function TimeZoneField({
  label,
  value,
  error,
  registration,
  className = 'input w-full sm:max-w-sm',
}: {
  label: string;
  /** what the field holds now, for the hint */
  value: string | undefined;
  error?: string;
  registration: UseFormRegisterReturn;
  className?: string;
}) {
  const listId = useId();
  const known = value ? knownTimeZone(value) : undefined;
  const [suggesting, setSuggesting] = useState(false);
  return (
    <Field label={label} hint={known ? zoneLabel(known) : 'Type to search, e.g. America/New_York'} error={error}>
      {(p) => (
        <>
          <input
            {...p}
            list={listId}
            className={className}
            autoComplete="off"
            spellCheck={false}
            onFocus={() => setSuggesting(true)}
            {...registration}
          />
          <datalist id={listId}>{suggesting && zoneOptions().map((o) => <option key={o.name} value={o.name} label={o.label} />)}</datalist>
        </>
      )}
    </Field>
  );
}
