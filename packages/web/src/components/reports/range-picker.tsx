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
          <label className="form-control" htmlFor={`${id}-from`}>
            <span className="label-text mb-1 text-sm">From</span>
            <input
              id={`${id}-from`}
              type="date"
              className="input input-bordered input-sm"
              value={from}
              max={to}
              onChange={(e) => e.target.value && onChange({ range: 'custom', from: e.target.value, to })}
            />
          </label>
          <label className="form-control" htmlFor={`${id}-to`}>
            <span className="label-text mb-1 text-sm">To</span>
            <input
              id={`${id}-to`}
              type="date"
              className="input input-bordered input-sm"
              value={to}
              min={from}
              onChange={(e) => e.target.value && onChange({ range: 'custom', from, to: e.target.value })}
            />
          </label>
        </>
      )}
    </div>
  );
}
