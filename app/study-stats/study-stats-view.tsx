import { Link } from "@remix-run/react";
import { formatDate, formatDuration } from "~/formatting/format";
import type { StatsTile, WeekOfStudy } from "~/study-stats/tiles";

/** The dashboard's stats tiles (SPEC §9): one figure each, with where to do more of it. */
export function StatsTiles({ tiles }: { tiles: StatsTile[] }) {
  return (
    <section aria-labelledby="study-stats-heading" style={{ marginTop: "var(--space-6)" }}>
      <h2 id="study-stats-heading" className="section-heading">
        Your study stats
      </h2>
      <ul
        className="stats-tiles"
        data-testid="stats-tiles"
        style={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(10rem, 1fr))", gap: "var(--space-3)", listStyle: "none", padding: 0, margin: 0 }}
      >
        {tiles.map((tile) => (
          <li key={tile.key} data-tile={tile.key} style={{ border: "1px solid var(--gray-a5)", borderRadius: 12, padding: "var(--space-3)" }}>
            {tile.href ? (
              <Link to={tile.href} style={TILE_STYLE}>
                <TileFigures tile={tile} />
              </Link>
            ) : (
              <div style={TILE_STYLE}>
                <TileFigures tile={tile} />
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

const TILE_STYLE = { display: "flex", flexDirection: "column", gap: "var(--space-1)", textDecoration: "none", color: "inherit" } as const;

function TileFigures({ tile }: { tile: StatsTile }) {
  return (
    <>
      <strong style={{ fontSize: "1.5rem" }} data-testid={`tile-${tile.key}`}>
        {tile.value}
      </strong>
      <span>{tile.label}</span>
    </>
  );
}

const CHART = { width: 480, height: 160, gap: 8, labelHeight: 20 };
const weekLabel = (weekStart: string) => formatDate(`${weekStart}T12:00:00Z`, "MMM d");

/**
 * Study time by week: bars drawn on the server (no chart code sent to the browser), and the same
 * figures as a table, which is what screen readers and text browsers read.
 */
export function StudyTimeByWeek({ weeks }: { weeks: WeekOfStudy[] }) {
  const most = Math.max(1, ...weeks.map((week) => week.seconds));
  const barWidth = (CHART.width - CHART.gap * (weeks.length - 1)) / Math.max(1, weeks.length);
  const plot = CHART.height - CHART.labelHeight;
  return (
    <section id="study-time" aria-labelledby="study-time-heading" style={{ marginTop: "var(--space-6)" }}>
      <h2 id="study-time-heading" className="section-heading">
        Study time by week
      </h2>
      <svg viewBox={`0 0 ${CHART.width} ${CHART.height}`} width="100%" style={{ maxWidth: CHART.width }} aria-hidden="true" focusable="false">
        {weeks.map((week, index) => {
          const height = Math.round((week.seconds / most) * (plot - 4));
          const x = index * (barWidth + CHART.gap);
          return (
            <g key={week.weekStart}>
              <rect x={x} y={plot - height} width={barWidth} height={height} rx={3} fill="var(--accent-9)" />
              <text x={x + barWidth / 2} y={CHART.height - 4} textAnchor="middle" fontSize="11" fill="currentColor">
                {weekLabel(week.weekStart)}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="table" data-testid="study-time-table">
        <caption className="muted" style={{ textAlign: "left" }}>
          Time recorded for completed activities, quizzes and practice tests, by week (weeks start on Monday)
        </caption>
        <thead>
          <tr>
            <th scope="col">Week of</th>
            <th scope="col">Time studied</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.weekStart}>
              <th scope="row">{weekLabel(week.weekStart)}</th>
              <td>{week.seconds > 0 ? formatDuration(week.seconds) : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
