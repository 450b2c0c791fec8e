import { useId } from 'react';
import { rangePresets, type RangePreset } from './report-range.ts';

/** The range choice: a preset, or two dates for a custom range. */
export function RangePicker({
  preset,
  from,
  to,
  onChange,
}: {
  preset: RangePreset;
  from: string;
  to: string;
  onChange: (next: { range: RangePreset; from?: string; to?: string }) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="form-control">
        <label className="label-text mb-1 text-sm" htmlFor={`${id}-range`}>
          Period
        </label>
        <select
          id={`${id}-range`}
          className="select select-bordered select-sm"
          value={preset}
          onChange={(e) => onChange({ range: e.target.value as RangePreset })}
        >
          {rangePresets.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </select>
      </div>
      {preset === 'custom' && (
        <>
          <DateInput id={`${id}-from`} label="From" value={from} max={to} onPick={(day) => onChange({ range: 'custom', from: day, to })} />
          <DateInput id={`${id}-to`} label="To" value={to} min={from} onPick={(day) => onChange({ range: 'custom', from, to: day })} />
        </>
      )}
    </div>
  );
}

/** One end of a custom range: a labelled date input that reports a picked day (a cleared one is ignored). */
function DateInput({
  id,
  label,
  value,
  min,
  max,
  onPick,
}: {
  id: string;
  label: string;
  value: string;
  min?: string;
  max?: string;
  onPick: (day: string) => void;
}) {
  return (
    <label className="form-control" htmlFor={id}>
      <span className="label-text mb-1 text-sm">{label}</span>
      <input
        id={id}
        type="date"
        className="input input-bordered input-sm"
        value={value}
        min={min}
        max={max}
        onChange={(e) => e.target.value && onPick(e.target.value)}
      />
    </label>
  );
}
