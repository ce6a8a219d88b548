// A small bar chart in plain SVG (no chart library in any bundle): bars with an
// optional red part (failures), a baseline, the largest value and two labels.
export interface Bar {
  key: string | number;
  value: number;
  /** Part of `value` drawn red. */
  failed?: number;
  title: string;
}

const W = 320;
const H = 120;
const PAD_TOP = 14;

export function BarChart({
  bars,
  label,
  first,
  last,
}: {
  bars: Bar[];
  /** What the chart says, for screen readers. */
  label: string;
  first?: string;
  last?: string;
}) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const step = W / Math.max(1, bars.length);
  const width = Math.max(1, step * 0.72);
  const y = (v: number) => H - (v / max) * (H - PAD_TOP);
  return (
    <div>
      <svg
        viewBox={`0 0 ${W} ${H + 1}`}
        role="img"
        aria-label={label}
        className="h-32 w-full"
        preserveAspectRatio="none"
      >
        <line
          x1="0"
          x2={W}
          y1={PAD_TOP}
          y2={PAD_TOP}
          className="stroke-slate-100"
          strokeDasharray="3 3"
        />
        <line x1="0" x2={W} y1={H} y2={H} className="stroke-slate-300" />
        {bars.map((bar, i) => {
          const x = i * step + (step - width) / 2;
          const failed = Math.min(bar.failed ?? 0, bar.value);
          return (
            <g key={bar.key}>
              <title>{bar.title}</title>
              {bar.value > 0 ? (
                <rect
                  x={x}
                  y={y(bar.value)}
                  width={width}
                  height={H - y(bar.value)}
                  rx="1.5"
                  className="fill-indigo-500"
                />
              ) : null}
              {failed > 0 ? (
                <rect
                  x={x}
                  y={y(failed)}
                  width={width}
                  height={H - y(failed)}
                  rx="1.5"
                  className="fill-red-500"
                />
              ) : null}
            </g>
          );
        })}
      </svg>
      <div className="mt-1 flex justify-between gap-2 text-[11px] text-slate-500 tabular-nums">
        <span>{first}</span>
        <span>max {max}</span>
        <span>{last}</span>
      </div>
    </div>
  );
}
