import { useState } from 'react';
import { SearchInput } from '../layout/page-header.tsx';
import { Field } from '../ui/form-field.tsx';
import { capitalize, formatEventDate } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';
import { searchTerm, useDebouncedSearch } from '../../lib/use-paged-list.ts';

/** Choices a picker lists at once: a search finds the rest, on the server. */
const shown = 20;

const optionOf = (o: { id: string; text: string }) => (
  <option key={o.id} value={o.id}>
    {o.text}
  </option>
);

interface PickerProps {
  value: string;
  onChange: (id: string) => void;
  error?: string;
}

/**
 * A labelled select of what a search finds, with the search box above it: the list's first page
 * (newest first) until something is typed. A choice that has left the results stays selectable.
 */
function Picker({
  noun,
  placeholder,
  options,
  onSearch,
  value,
  onChange,
  error,
}: PickerProps & {
  noun: string;
  placeholder: string;
  options: { id: string; text: string }[] | undefined;
  onSearch: (term: string | undefined) => void;
}) {
  const [text, setText] = useDebouncedSearch(undefined, onSearch);
  const [chosen, setChosen] = useState<{ id: string; text: string } | null>(null);
  const listed = options ?? [];
  const loading = options === undefined;
  const all = chosen && chosen.id === value && !listed.some((o) => o.id === value) ? [chosen, ...listed] : listed;
  return (
    <div className="flex flex-col gap-2">
      <SearchInput label={`Search ${noun}s`} value={text} onChange={setText} />
      <Field label={capitalize(noun)} error={error} hint={!loading && listed.length === 0 ? `No ${noun}s match` : undefined}>
        {(p) => (
          <select
            {...p}
            className="select w-full"
            value={value}
            onChange={(e) => {
              setChosen(all.find((o) => o.id === e.target.value) ?? null);
              onChange(e.target.value);
            }}
          >
            <option value="">{loading ? 'Loading...' : placeholder}</option>
            {all.map(optionOf)}
          </select>
        )}
      </Field>
    </div>
  );
}

/** An active event (only those sell), newest first, found by its title or venue. */
export function EventPicker(props: PickerProps) {
  const [q, setQ] = useState<string | undefined>();
  const events = trpc.events.page.useQuery({ limit: shown, status: 'active', q: searchTerm(q) }).data?.items;
  const options = events?.map((e) => ({ id: e.id, text: `${e.title} (${formatEventDate(e)})` }));
  return <Picker noun="event" placeholder="Choose an event" options={options} onSearch={setQ} {...props} />;
}

export const CustomerPicker = (props: PickerProps) => {
  const [q, setQ] = useState<string | undefined>();
  const found = trpc.customers.page.useQuery({ limit: shown, q: searchTerm(q) }).data;
  return (
    <Picker
      noun="customer"
      placeholder="Choose a customer"
      onSearch={setQ}
      {...props}
      options={found?.items.map((c) => ({ id: c.id, text: `${c.name} (${c.email})` }))}
    />
  );
};
