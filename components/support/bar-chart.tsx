"use client";
// A small bar chart in plain SVG (no chart library in any bundle): bars with an
// optional red part (failures) over a value axis with round ticks and a base
// axis with its first and last labels. It keeps its shape at any width (the
// SVG scales as a whole, text included). Every bar's value is reachable: under
// the pointer, by a tap, and from the keyboard (Tab to the chart, then the
// arrow keys, Home and End), read out above the chart and to screen readers.
import { type KeyboardEvent, useRef, useState } from "react";

export interface Bar {
  key: string | number;
  value: number;
  /** Part of `value` drawn red. */
  failed?: number;
  title: string;
}

const W = 320;
const H = 150;
const LEFT = 30;
const RIGHT = 4;
const TOP = 8;
const BOTTOM = 18;
const PLOT_W = W - LEFT - RIGHT;
const PLOT_H = H - TOP - BOTTOM;

/** The smallest of 1, 2, 5 × 10ⁿ at or above `value`: an axis that ends on a round number. */
export function niceMax(value: number): number {
  if (!(value > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((m) => m * power >= value) ?? 10;
  return step * power;
}

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
  const [shown, setShown] = useState<number | null>(null);
  const [tabStop, setTabStop] = useState(0);
  const refs = useRef<(SVGGElement | null)[]>([]);
  const max = niceMax(Math.max(1, ...bars.map((b) => b.value)));
  const ticks = max % 2 === 0 ? [0, max / 2, max] : [0, max];
  const step = PLOT_W / Math.max(1, bars.length);
  const width = Math.max(1, step * 0.72);
  const y = (v: number) => TOP + PLOT_H - (v / max) * PLOT_H;

  const focusBar = (index: number) => {
    const next = Math.max(0, Math.min(bars.length - 1, index));
    setTabStop(next);
    setShown(next);
    refs.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: bars.length - 1,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    focusBar(to);
  };

  const readout = shown === null ? undefined : bars[shown];
  return (
    <div>
      <p className="h-4 truncate text-[11px] text-slate-700 tabular-nums" aria-hidden="true">
        {readout ? readout.title : "Point at or tap a bar for its value"}
      </p>
      {/* biome-ignore lint/a11y/useSemanticElements: an SVG cannot be a fieldset; it groups the bars under the chart's name. */}
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="group"
        aria-label={label}
        className="mt-1 block h-auto w-full overflow-visible"
        data-testid="bar-chart"
        onMouseLeave={() => setShown(null)}
      >
        {ticks.map((tick) => (
          // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an axis tick is never focusable; its number is in every bar's label.
          <g key={tick} aria-hidden="true">
            <line
              x1={LEFT}
              x2={W - RIGHT}
              y1={y(tick)}
              y2={y(tick)}
              className={tick === 0 ? "stroke-slate-400" : "stroke-slate-200"}
              strokeDasharray={tick === 0 ? undefined : "3 3"}
            />
            <text
              x={LEFT - 4}
              y={y(tick)}
              dy="0.32em"
              textAnchor="end"
              className="fill-slate-500 text-[10px] tabular-nums"
            >
              {tick}
            </text>
          </g>
        ))}
        <line x1={LEFT} x2={LEFT} y1={TOP} y2={TOP + PLOT_H} className="stroke-slate-400" />
        {bars.map((bar, i) => {
          const x = LEFT + i * step + (step - width) / 2;
          const failed = Math.min(bar.failed ?? 0, bar.value);
          const active = shown === i;
          return (
            // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: a data point is a picture with a value; focus only lets a keyboard reach it.
            <g
              key={bar.key}
              ref={(element) => {
                refs.current[i] = element;
              }}
              role="img"
              aria-label={bar.title}
              tabIndex={i === tabStop ? 0 : -1}
              data-testid="chart-bar"
              onKeyDown={(event) => onKeyDown(event, i)}
              onFocus={() => setShown(i)}
              onBlur={() => setShown((now) => (now === i ? null : now))}
              onMouseEnter={() => setShown(i)}
              onClick={() => setShown(i)}
              className="outline-none"
            >
              {/* The whole column answers the pointer, a short bar too. */}
              <rect x={LEFT + i * step} y={TOP} width={step} height={PLOT_H} fill="transparent" />
              {active ? (
                <rect
                  x={LEFT + i * step}
                  y={TOP}
                  width={step}
                  height={PLOT_H}
                  className="fill-slate-100 stroke-indigo-600"
                  strokeWidth="1"
                />
              ) : null}
              {bar.value > 0 ? (
                <rect
                  x={x}
                  y={y(bar.value)}
                  width={width}
                  height={TOP + PLOT_H - y(bar.value)}
                  rx="1.5"
                  className={active ? "fill-indigo-700" : "fill-indigo-500"}
                />
              ) : null}
              {failed > 0 ? (
                <rect
                  x={x}
                  y={y(failed)}
                  width={width}
                  height={TOP + PLOT_H - y(failed)}
                  rx="1.5"
                  className="fill-red-500"
                />
              ) : null}
            </g>
          );
        })}
        {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: labels, never focusable; the chart's name says the range. */}
        <g aria-hidden="true" className="fill-slate-500 text-[10px] tabular-nums">
          <text x={LEFT} y={H - 4}>
            {first}
          </text>
          <text x={W - RIGHT} y={H - 4} textAnchor="end">
            {last}
          </text>
        </g>
      </svg>
    </div>
  );
}
