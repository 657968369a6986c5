import type { ModelQualityDto, PredictionModelDetailDto, PredictionModelDto } from '@rtb/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, makeMe, renderPage, stubApi } from '../../account/account-test-utils';
import { stubResizeObserver } from '../payments/test-fixtures';
import { PredictionModelsPage } from './prediction-models-page';

const PATH = '/panel/admin/prediction-models';
const admin = makeMe('admin', { permissions: ['configuration:read'] });

const quality = (overrides: Partial<ModelQualityDto> = {}): ModelQualityDto => ({
  examples: 4000,
  positives: 8,
  logLoss: 0.0123,
  auc: 0.71,
  calibrationRatio: 1.05,
  expectedCalibrationError: 0.0004,
  calibrationBins: [
    { examples: 2000, meanPrediction: 0.001, positiveRate: 0.0005 },
    { examples: 2000, meanPrediction: 0.0031, positiveRate: 0.0035 },
  ],
  ...overrides,
});
const { calibrationBins: _bins, ...figures } = quality();

const version = (overrides: Partial<PredictionModelDto> = {}): PredictionModelDto => ({
  kind: 'click',
  version: 2,
  status: 'published',
  inUse: true,
  refusedChecks: [],
  bits: 18,
  nonZeroWeights: 2000,
  trainedExamples: 1_250_000,
  trainedThrough: '2026-11-20 02:00:00',
  holdoutFrom: '2026-11-20 02:00:00',
  holdoutTo: '2026-11-20 03:00:00',
  quality: figures,
  currentQuality: { ...figures, logLoss: 0.0125, auc: 0.7 },
  createdAt: '2026-11-20 03:05:00',
  ...overrides,
});
const first = version({ version: 1, inUse: false, currentQuality: null, createdAt: '2026-11-20 02:05:00' });
const inUse = version();
const refused = version({
  version: 3,
  status: 'refused',
  inUse: false,
  refusedChecks: ['log_loss', 'calibration'],
  quality: { ...figures, logLoss: 0.0201, auc: 0.64 },
  createdAt: '2026-11-20 04:05:00',
});

const page = (models: PredictionModelDto[]) =>
  [
    200,
    {
      data: {
        models: {
          elements: models,
          meta: { page: 1, perPage: 25, total: models.length, lastPage: 1 },
        },
      },
    },
  ] as const;
/** The list as the API answers it: newest first, of the kind asked, published only when asked. */
const listOf =
  (models: PredictionModelDto[]) =>
  ({ query }: Call) =>
    page(
      models.filter(
        (model) =>
          model.kind === query.get('kind') && (!query.get('status') || model.status === query.get('status')),
      ),
    );
const detail = (model: PredictionModelDto, overrides: Partial<PredictionModelDetailDto> = {}) =>
  [
    200,
    {
      data: {
        model: {
          ...model,
          quality: quality(model.quality),
          currentQuality: model.currentQuality && {
            ...quality(model.currentQuality),
            calibrationBins: [
              { examples: 2000, meanPrediction: 0.0015, positiveRate: 0.0005 },
              { examples: 2000, meanPrediction: 0.0025, positiveRate: 0.0035 },
            ],
          },
          ...overrides,
        },
      },
    },
  ] as const;

const show = (path = PATH) => renderPage(<PredictionModelsPage />, { path, route: PATH, profile: admin });
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  stubResizeObserver({ width: 600, height: 400 });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Prediction models page', () => {
  it('shows the version in use, every version with its status and refused checks, and their quality over time', async () => {
    const calls = stubApi({
      'GET /admin/prediction-models': listOf([refused, inUse, first]),
      'GET /admin/prediction-models/click/2': detail(inUse),
    });
    const { container } = show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Prediction models' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Click model' })).toHaveAttribute('aria-selected', 'true');

    const card = (await screen.findByRole('heading', { name: 'In use' })).closest('section') as HTMLElement;
    await waitFor(() => expect(within(card).getByText('Non-zero weights')).toBeInTheDocument());
    expect(within(card).getByText('2,000')).toBeInTheDocument();
    expect(within(card).getByText('of 262,144 (18 bits)')).toBeInTheDocument();
    expect(within(card).getByText('1,250,000')).toBeInTheDocument();
    expect(within(card).getByText('0.0123')).toBeInTheDocument();
    expect(within(card).getByText('0.710')).toBeInTheDocument();

    const versions = await screen.findByRole('table', { name: 'Versions: Click model' });
    const [newest, current, oldest] = within(versions).getAllByRole('row').slice(1) as HTMLElement[];
    expect(within(newest as HTMLElement).getByText('Refused')).toBeInTheDocument();
    expect(
      within(newest as HTMLElement).getByText('Log loss worse than the version in use'),
    ).toBeInTheDocument();
    expect(
      within(newest as HTMLElement).getByText('Predictions too far from the actual rate'),
    ).toBeInTheDocument();
    expect(within(newest as HTMLElement).getByText('0.0201')).toBeInTheDocument();
    expect(within(newest as HTMLElement).getByText('in use then: 0.0125')).toBeInTheDocument();
    expect(within(current as HTMLElement).getByText('In use')).toBeInTheDocument();
    expect(within(current as HTMLElement).getByText('Published')).toBeInTheDocument();
    expect(within(oldest as HTMLElement).queryByText(/in use then/)).not.toBeInTheDocument();

    // The chart's figures, oldest first, for screen readers; the refused version a red ring on each line.
    const figures = screen.getByRole('table', { name: 'Log loss and AUC by version' });
    expect(rowsOf(figures)).toEqual([
      ['1', expect.any(String), 'Published', '0.0123', '0.710'],
      ['2', expect.any(String), 'Published', '0.0123', '0.710'],
      ['3', expect.any(String), 'Refused', '0.0201', '0.640'],
    ]);
    expect(
      screen.getByText(/of the newest 3 versions.* One version was refused: a red ring marks it\.$/),
    ).toBeInTheDocument();
    await waitFor(() => expect(container.querySelectorAll('circle[stroke="#dc2626"]')).toHaveLength(2));

    expect(
      calls.filter((call) => call.path === '/admin/prediction-models').map((call) => call.query.get('kind')),
    ).not.toContain('conversion');
  });

  it('plots the calibration of the version in use, and of the version chosen in the table', async () => {
    stubApi({
      'GET /admin/prediction-models': listOf([refused, inUse, first]),
      'GET /admin/prediction-models/click/2': detail(inUse),
      'GET /admin/prediction-models/click/3': detail(refused, {
        currentQuality: null,
        quality: quality({
          examples: 3,
          calibrationBins: [{ examples: 3, meanPrediction: 0.5, positiveRate: 1 / 3 }],
        }),
      }),
    });
    const { container } = show();
    expect(await screen.findByRole('heading', { name: 'Calibration of version 2' })).toBeInTheDocument();
    const bins = await screen.findByRole('table', { name: 'Calibration bins of version 2' });
    expect(rowsOf(bins)).toEqual([
      ['1', '2,000', '0.1%', '0.05%', '0.15%', '0.05%'],
      ['2', '2,000', '0.31%', '0.35%', '0.25%', '0.35%'],
    ]);
    expect(screen.getByRole('list', { name: 'Lines of the plot' })).toHaveTextContent(
      /Version 2.*Version in use then.*Predicted = actual/,
    );
    // Both axes to 0.4 %: the diagonal runs corner to corner of the square.
    await waitFor(() => expect(container.querySelector('.recharts-reference-line')).not.toBeNull());
    expect(screen.getByRole('button', { name: 'Show the calibration of version 2' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Show the calibration of version 3' }));
    const other = await screen.findByRole('table', { name: 'Calibration bins of version 3' });
    expect(rowsOf(other)).toEqual([['1', '3', '50%', '33.3%']]);
    expect(screen.getByText(/in one bin/)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Lines of the plot' })).not.toHaveTextContent(
      'Version in use then',
    );
    expect(screen.getByRole('button', { name: 'Show the calibration of version 3' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('says no model has been trained yet, per kind', async () => {
    const calls = stubApi({ 'GET /admin/prediction-models': listOf([inUse, first]) });
    show(`${PATH}?kind=conversion`);
    expect(await screen.findByText('No model has been trained yet')).toBeInTheDocument();
    expect(screen.getByText(/The trainer learns from the clicks and the conversions/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'In use' })).not.toBeInTheDocument();
    expect(calls.every((call) => call.query.get('kind') === 'conversion')).toBe(true);

    await userEvent.click(screen.getByRole('tab', { name: 'Click model' }));
    expect(await screen.findByRole('table', { name: 'Versions: Click model' })).toBeInTheDocument();
  });

  it('says when no version is in use because every one was refused', async () => {
    const alone = { ...refused, version: 1, currentQuality: null };
    stubApi({
      'GET /admin/prediction-models': listOf([alone]),
      'GET /admin/prediction-models/click/1': detail(alone),
    });
    show();
    expect(
      await screen.findByText(/No version is in use: every version so far was refused/),
    ).toBeInTheDocument();
    // The newest version's calibration is shown instead.
    expect(await screen.findByRole('table', { name: 'Calibration bins of version 1' })).toBeInTheDocument();
  });

  it('says when the versions cannot be read, and reads them again', async () => {
    let fail = true;
    stubApi({
      'GET /admin/prediction-models': (call) =>
        fail ? [500, { message: 'boom', code: 500, error: 'common.critical' }] : listOf([])(call),
    });
    show();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('A critical error occurred, please try again.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No model has been trained yet')).toBeInTheDocument();
  });
});
