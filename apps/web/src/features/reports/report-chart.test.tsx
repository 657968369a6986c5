import type { ReportPointDto } from '@rtb/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { ReportChart } from './report-chart';
import { byCampaign, byCampaignSeries, makeReport, noDelivery, reportTestHooks } from './test-fixtures';

reportTestHooks();

const WIDTH = 640;
/** Pixels per character of the tests' text: what the chart measures its labels with. */
const CHAR = 7;

beforeEach(() => {
  // The chart's box has a size, and its labels a width, as in a browser.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe() {
        this.callback(
          [{ contentRect: { width: WIDTH, height: 300 } } as ResizeObserverEntry],
          this as unknown as ResizeObserver,
        );
      }
      unobserve() {}
      disconnect() {}
    },
  );
  const measure = HTMLElement.prototype.getBoundingClientRect;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    if (this.id === 'recharts_measurement_span')
      return { width: (this.textContent?.length ?? 0) * CHAR, height: 14 } as DOMRect;
    return measure.call(this);
  });
});

/** Two days by hour: `spend` PLN at the hours given, nothing at the others. */
function hourly(spend: Record<string, number>) {
  const chart: ReportPointDto[] = [];
  for (const day of ['2026-01-10', '2026-01-11'])
    for (let hour = 0; hour < 24; hour += 1) {
      const period = `${day} ${String(hour).padStart(2, '0')}:00`;
      chart.push({ ...noDelivery, period, spendMicros: (spend[period] ?? 0) * 1_000_000 });
    }
  return makeReport({ time: 'hour', from: '2026-01-10', to: '2026-01-11', chart });
}

const draw = (spend: Record<string, number>, type: 'line' | 'bar' = 'line') =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ReportChart
        report={hourly(spend)}
        metric="spendMicros"
        metric2={undefined}
        type={type}
        onChange={() => {}}
      />
    </QueryClientProvider>,
  ).container;
const ticks = (container: HTMLElement, axis: 'x' | 'y') =>
  [
    ...container.querySelectorAll(`.recharts-${axis}Axis-tick-labels .recharts-cartesian-axis-tick-value`),
  ].map((tick) => ({
    text: tick.textContent ?? '',
    at: Number(tick.getAttribute(axis === 'x' ? 'x' : 'y')),
  }));

describe('ReportChart', () => {
  it('draws straight segments between the points, inventing no values between them', () => {
    const container = draw({ '2026-01-10 03:00': 2.5 });
    const path = container.querySelector('.recharts-line-curve')?.getAttribute('d') ?? '';
    expect(path).toMatch(/^M/);
    // Only moves and straight lines: no curve overshooting before or after the hour of spend.
    expect(path.replace(/[\d.,\s-]/g, '')).toMatch(/^M[LHV]+$/);
  });

  it('thins the time labels evenly, from the first bucket, so that none crowds the next', () => {
    const labels = ticks(draw({ '2026-01-10 03:00': 2.5 }), 'x');
    expect(labels.length).toBeGreaterThan(1);
    expect(labels.length).toBeLessThan(48);
    expect(labels[0]?.text).toBe('10.01 00:00');
    // Every label as far from the next: the last pair is not squeezed against the edge.
    const gaps = labels.slice(1).map((label, index) => label.at - (labels[index]?.at ?? 0));
    for (const gap of gaps) expect(gap).toBeCloseTo(gaps[0] ?? 0, 6);
    for (const [index, label] of labels.entries()) {
      const next = labels[index + 1];
      if (next)
        expect(next.at - label.at, `${label.text} / ${next.text}`).toBeGreaterThanOrEqual(
          (label.text.length * CHAR + next.text.length * CHAR) / 2,
        );
    }
  });

  it('labels every day of a week, the last one too (it does not stick out of the chart)', () => {
    const days = [
      '2026-01-05',
      '2026-01-06',
      '2026-01-07',
      '2026-01-08',
      '2026-01-09',
      '2026-01-10',
      '2026-01-11',
    ];
    const week = makeReport({
      from: '2026-01-05',
      to: '2026-01-11',
      chart: days.map((period) => ({ ...noDelivery, period, spendMicros: 1_000_000 })),
    });
    const { container } = render(
      <QueryClientProvider client={new QueryClient()}>
        <ReportChart report={week} metric="spendMicros" metric2={undefined} type="line" onChange={() => {}} />
      </QueryClientProvider>,
    );
    expect(ticks(container, 'x').map((tick) => tick.text)).toEqual(days.map((day) => `${day.slice(8)}.01`));
  });

  it('names each line in a legend when it draws two figures', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ReportChart
          report={makeReport()}
          metric="spendMicros"
          metric2="impressions"
          type="line"
          onChange={() => {}}
        />
      </QueryClientProvider>,
    );
    expect(
      within(screen.getByRole('list', { name: 'Chart legend' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Spend', 'Impressions']);
  });

  it('steps the value axis by 1, 2, 2.5 or 5 times a power of ten', () => {
    const values = ticks(draw({ '2026-01-10 03:00': 2.85, '2026-01-11 12:00': 1.2 }), 'y').map((tick) =>
      Number(tick.text.replace(',', '.')),
    );
    expect(values[0]).toBe(0);
    const step = (values[1] ?? 0) - (values[0] ?? 0);
    const scale = 10 ** Math.floor(Math.log10(step));
    expect([1, 2, 2.5, 5]).toContain(Number((step / scale).toFixed(6)));
    for (const [index, value] of values.entries()) expect(value).toBeCloseTo(index * step, 9);
    expect(values.at(-1)).toBeGreaterThanOrEqual(2.85);
  });
});

describe('ReportChart split by a dimension', () => {
  const drawSplit = (report = byCampaignSeries(), lines: 'groups' | 'total' = 'groups') => {
    const onChange = vi.fn();
    const { container } = render(
      <QueryClientProvider client={new QueryClient()}>
        <ReportChart
          report={report}
          metric="spendMicros"
          metric2={undefined}
          type="line"
          lines={lines}
          onChange={onChange}
        />
      </QueryClientProvider>,
    );
    return { container, onChange };
  };
  const legend = (name = 'Chart legend') =>
    within(screen.getByRole('list', { name }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);

  it('draws a line per group and one for the rest, named in the legend as the table names them', () => {
    const { container } = drawSplit();
    expect(container.querySelectorAll('.recharts-line')).toHaveLength(3);
    expect(legend()).toEqual(['Winter sale', 'Quiet teaser', 'Other']);
    const strokes = [...container.querySelectorAll('.recharts-line-curve')].map((line) =>
      line.getAttribute('stroke'),
    );
    expect(new Set(strokes).size).toBe(3);
    // Screen readers get each line's figures in the chart's table.
    const table = screen.getByRole('table', { name: 'The chart’s figures' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Period', 'Winter sale', 'Quiet teaser', 'Other']);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('10.01.20262.51 PLN0.15 PLN0.05 PLN');
    expect(screen.getByText(/One line for each of the 2 groups/)).toBeInTheDocument();
  });

  it('names countries and the unknown as the table does, in the interface language', async () => {
    await i18n.changeLanguage('pl');
    drawSplit(
      makeReport({
        by: 'country',
        series: {
          metric: 'impressions',
          groups: [
            { key: 'pl', name: null, values: [5, 0, 0] },
            { key: '', name: null, values: [2, 0, 0] },
          ],
          other: null,
        },
      }),
    );
    expect(legend('Legenda wykresu')).toEqual(['Polska', 'Nieznane']);
    expect(screen.getByRole('button', { name: 'Według krajów' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('switches between the groups and the total', async () => {
    const user = userEvent.setup();
    const { onChange } = drawSplit();
    const total = screen.getByRole('button', { name: 'Total' });
    const groups = screen.getByRole('button', { name: 'By campaign' });
    expect(groups).toHaveAttribute('aria-pressed', 'true');
    expect(total).toHaveAttribute('aria-pressed', 'false');
    // By group, one metric: a second one is drawn with the total.
    expect(screen.getByRole('combobox', { name: 'Second metric (right axis)' })).toHaveAccessibleDescription(
      'With a second metric, the chart shows the total.',
    );
    await user.click(total);
    expect(onChange).toHaveBeenCalledWith({ lines: 'total' });
  });

  it('goes back to a line per group with one metric', async () => {
    const user = userEvent.setup();
    const { onChange } = drawSplit(byCampaign({ time: 'day' }), 'total');
    await user.click(screen.getByRole('button', { name: 'By campaign' }));
    expect(onChange).toHaveBeenCalledWith({ lines: 'groups', metric2: undefined });
  });

  it('draws the total alone, without a legend, when the total is asked for', () => {
    const { container } = drawSplit(byCampaign({ time: 'day' }), 'total');
    expect(container.querySelectorAll('.recharts-line')).toHaveLength(1);
    expect(screen.queryByRole('list', { name: 'Chart legend' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Total' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('offers no switch when the report is not split, or split by product', () => {
    drawSplit(makeReport());
    expect(screen.queryByRole('button', { name: 'Total' })).not.toBeInTheDocument();
    drawSplit(makeReport({ by: 'product' }));
    expect(screen.queryByRole('button', { name: 'Total' })).not.toBeInTheDocument();
  });
});
