import {
  Suspense,
  useId,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import type { Statistics } from '@psicocampus/shared/domain';
import { MSG } from '@psicocampus/shared/domain';
// The card of every titled block (SectionCard), and the page's one way of
// keeping something out of sight but read by screen readers (VisuallyHidden).
import {
  Button,
  EmptyState,
  Notice,
  sectionCardClassName,
  useBoxWidth,
  visuallyHiddenClassName,
} from '@psicocampus/shared/ui';
import { ChartBoundary } from './chart-boundary.component';
import { CountsTable } from './counts-table.component';
import {
  statisticsChartSpecs,
  type StatisticsChartProps,
  type StatisticsChartSpec,
} from './statistics-charts';
import styles from './chart-card.module.css';

interface ChartCardProps {
  title: string;
  /** The card's one button ('Ver como tabla'): always at the card's top right corner. */
  action?: ReactNode;
  /** A line under the chart and its table (the decision-aid line of a chart by level). */
  note?: ReactNode;
  /** Spans the whole row of the grid (a chart with long labels). */
  wide?: boolean;
  children: ReactNode;
}

/**
 * The one layout of a chart's card: the heading on the left and
 * the action pinned to the top right, whatever the heading's length (a
 * heading that wraps never pushes the button down or under it), then the
 * chart, then the note.
 */
export function ChartCard({ title, action, note, wide, children }: ChartCardProps) {
  const headingId = useId();
  return (
    <section
      className={[sectionCardClassName, wide ? styles.wide : ''].filter(Boolean).join(' ')}
      aria-labelledby={headingId}
      data-chart-card=""
    >
      <div className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
        <div className={styles.action}>{action}</div>
      </div>
      {children}
      {note && <p className={styles.note}>{note}</p>}
    </section>
  );
}

/*
 * What the pie (`@psicocampus/shared/charts`, nivo's defaults) needs beside
 * its ring for a label: the link (16 px diagonal, 24 px straight), the gap
 * to the text (6 px) and the text, 13 px bold (about 8 px a character).
 * Its box keeps 96 px each side and 32 px above and below the ring.
 */
const PIE_LINK = 16 + 24 + 6;
const PIE_CHAR = 8;
const PIE_VERTICAL_MARGIN = 64;
const PIE_MIN_RADIUS = 56;

/** Below this width (px) a pie's labels no longer fit beside it, however short: its counts are drawn as bars. */
export const NARROW_CHART = 440;

/**
 * The spec the chart is drawn from, fitted to the box's width, in one place
 * (the chart draws what it is given): a pie gets the height whose ring
 * leaves room for its longest label on either side ('Masculino: 12' was
 * clipped when the box was under about 560 px), and is drawn as bars in a
 * box under `NARROW_CHART` or when even a small ring leaves no room.
 * Unmeasured (0), the spec is kept as it is.
 */
export function fitChartSpec(spec: StatisticsChartSpec, width: number): StatisticsChartSpec {
  if (spec.kind !== 'pie' || width <= 0) return spec;
  const longest = Math.max(
    0,
    ...spec.chartRows.map((row) => `${row.label}: ${row.count.toLocaleString('es')}`.length),
  );
  const radius = Math.floor(width / 2 - PIE_LINK - longest * PIE_CHAR);
  if (width < NARROW_CHART || radius < PIE_MIN_RADIUS) return { ...spec, kind: 'horizontal-bar' };
  return { ...spec, height: Math.min(spec.height, 2 * radius + PIE_VERTICAL_MARGIN) };
}

/**
 * Props of the chart a screen passes to `StatisticsChartCards`: the spec as
 * fitted by `fitChartSpec`, and the width of the card's box it was fitted
 * to (0 until the box is laid out), measured once, by the card.
 */
export interface FittedChartProps extends StatisticsChartProps {
  width: number;
}

interface ChartTableCardProps {
  title: string;
  /** Spans the whole row of the grid. */
  wide?: boolean;
  note?: ReactNode;
  /** Nothing to count: the card says so instead of drawing zeros. */
  empty: boolean;
  /**
   * The chart for the card's measured width (0 until it is laid out): its
   * box's height (responsive charts need a fixed one) and what draws it.
   */
  chart: (width: number) => { height: number; content: ReactNode };
  /** The same data as a table. */
  table: ReactNode;
}

/**
 * A chart in a `ChartCard` with its data as a table, always in the page for
 * screen readers and shown to everyone by 'Ver como tabla' (or by itself
 * when the chart cannot be drawn): the one way every statistics chart is
 * shown (docs/screens-and-routes.md#statistics).
 */
export function ChartTableCard({ title, wide, note, empty, chart, table }: ChartTableCardProps) {
  const tableId = useId();
  const box = useRef<HTMLDivElement>(null);
  const width = useBoxWidth(box);
  const [tableShown, setTableShown] = useState(false);
  const [chartFailed, setChartFailed] = useState(false);
  const tableVisible = tableShown || chartFailed;
  const drawn = empty ? null : chart(width);

  return (
    <ChartCard
      title={title}
      wide={wide}
      note={note}
      action={
        !empty && !chartFailed ? (
          <Button
            variant="secondary"
            className={styles.toggle}
            aria-controls={tableId}
            onClick={() => setTableShown((shown) => !shown)}
          >
            {tableShown ? MSG.statistics.hideTable : MSG.statistics.showTable}
          </Button>
        ) : undefined
      }
    >
      {!drawn ? (
        <EmptyState text={MSG.statistics.empty} />
      ) : (
        <>
          <div ref={box} className={styles.measure}>
            <ChartBoundary
              onError={() => setChartFailed(true)}
              fallback={
                <Notice tone="info" live={false}>
                  {MSG.statistics.chartUnavailable}
                </Notice>
              }
            >
              <Suspense
                fallback={
                  <div
                    className={styles.placeholder}
                    style={{ height: drawn.height }}
                    aria-hidden="true"
                  />
                }
              >
                <div
                  className={styles.chart}
                  style={{ height: drawn.height }}
                  role="img"
                  aria-label={MSG.statistics.chartLabel(title)}
                >
                  {drawn.content}
                </div>
              </Suspense>
            </ChartBoundary>
          </div>
          <div
            id={tableId}
            className={tableVisible ? styles.table : visuallyHiddenClassName}
            data-visible={tableVisible}
          >
            {table}
          </div>
        </>
      )}
    </ChartCard>
  );
}

interface StatisticsChartCardProps {
  spec: StatisticsChartSpec;
  /** Draws the chart: the screen passes nivo's, loaded lazily (`@psicocampus/shared/charts`). */
  Chart: ComponentType<FittedChartProps>;
  /** Said under the chart by level, after the decision-aid line. */
  extraNote?: string;
}

/**
 * What the chart by level counts, said by the screen: in its table's first
 * column's header and a line under the chart. The screens pass the
 * clinician's level's texts (docs/columbia-assessment.md#clinicians-level), which /login
 * does not load.
 */
export interface RiskLevelBasis {
  /** Header of the table's first column. */
  categoryHeader: string;
  note: string;
}

/**
 * One count of a statistics screen (docs/screens-and-routes.md#statistics)
 * in a `ChartTableCard`. The chart by level carries the decision-aid line
 * (docs/columbia-assessment.md#risk-levels).
 */
export function StatisticsChartCard({ spec, Chart, extraNote }: StatisticsChartCardProps) {
  return (
    <ChartTableCard
      title={spec.title}
      wide={spec.kind === 'horizontal-bar'}
      note={
        spec.id === 'risk-level' ? (
          <>
            {extraNote && <span>{extraNote} </span>}
            <span>{MSG.assessment.decisionAid}</span>
          </>
        ) : undefined
      }
      empty={spec.total === 0}
      chart={(width) => {
        const drawn = fitChartSpec(spec, width);
        return { height: drawn.height, content: <Chart spec={drawn} width={width} /> };
      }}
      table={
        <CountsTable
          caption={spec.title}
          categoryHeader={spec.categoryHeader}
          countHeader={spec.countHeader}
          rows={spec.rows}
          total={spec.total}
        />
      }
    />
  );
}

interface StatisticsChartCardsProps {
  statistics: Statistics;
  /**
   * The chart: a screen passes `lazy(() => import('@psicocampus/shared/charts'))`,
   * so nivo loads with the statistics screen only (docs/limits-and-budgets.md#speed-and-size-budgets).
   */
  Chart: ComponentType<FittedChartProps>;
  /** What the chart by level counts (its title and a note); the engine's level when absent. */
  riskLevelBasis?: RiskLevelBasis;
}

/** The counts of a statistics screen, for a caseload or the whole service, each in its card. */
export function StatisticsChartCards({
  statistics,
  Chart,
  riskLevelBasis,
}: StatisticsChartCardsProps) {
  const specs = useMemo(
    () =>
      statisticsChartSpecs(statistics).map((spec) =>
        spec.id === 'risk-level' && riskLevelBasis
          ? { ...spec, categoryHeader: riskLevelBasis.categoryHeader }
          : spec,
      ),
    [statistics, riskLevelBasis],
  );
  if (specs.every((spec) => spec.total === 0)) return <EmptyState text={MSG.statistics.empty} />;
  return (
    <div className={styles.grid}>
      {specs.map((spec) => (
        <StatisticsChartCard
          key={spec.id}
          spec={spec}
          Chart={Chart}
          extraNote={spec.id === 'risk-level' ? riskLevelBasis?.note : undefined}
        />
      ))}
    </div>
  );
}
