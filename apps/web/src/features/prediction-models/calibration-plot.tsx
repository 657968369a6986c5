import type { PredictionModelKind } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import {
  CartesianGrid,
  ReferenceLine,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatDateTime, formatNumber } from '../../lib/format';
import { ChartLegend } from '../../shell/chart-legend/chart-legend';
import { roundTicks } from '../../shell/chart-ticks';
import { failureText } from '../../shell/form/failure-text';
import { formatRate, formatRatio } from './model-figures';
import styles from './prediction-models.module.css';
import { usePredictionModel } from './prediction-models-api';

const colours = { version: '#2563eb', current: '#9333ea', diagonal: '#64748b' };
const DASH = '6 4';

/**
 * A version's calibration on its hold-out: each bin (equal counts by prediction) at its mean
 * prediction across and its actual rate up, against the diagonal where the two are equal, beside
 * the version in use then on the same hold-out. Both axes have the same scale, so a bin above the
 * diagonal was under-predicted. Screen readers get the caption, the legend and a table of the bins.
 */
export function CalibrationPlot({
  kind,
  version,
}: {
  kind: PredictionModelKind;
  version: number | undefined;
}) {
  const { t } = useTranslation('prediction-models');
  const detail = usePredictionModel(kind, version);
  const model = detail.data;
  const bins = model?.quality.calibrationBins ?? [];
  const current = model?.currentQuality?.calibrationBins ?? [];
  const ticks = roundTicks(
    Math.max(0, ...[...bins, ...current].flatMap((bin) => [bin.meanPrediction, bin.positiveRate])),
  );
  const top = ticks.at(-1) ?? 1;

  return (
    <figure className={styles.card} aria-labelledby="calibration-heading">
      <h2 id="calibration-heading" className={styles.cardHeading}>
        {version === undefined ? t('calibration.title') : t('calibration.heading', { version })}
      </h2>
      {detail.isError ? (
        <p role="alert">{failureText(t, detail.error)}</p>
      ) : !model ? (
        <p aria-busy="true">{t('common:loading')}</p>
      ) : bins.length === 0 ? (
        <p className={styles.note}>{t('calibration.noExamples')}</p>
      ) : (
        <>
          <figcaption className={styles.note}>
            {t('calibration.caption', {
              count: bins.length,
              examples: formatNumber(model.quality.examples),
              from: formatDateTime(model.holdoutFrom),
              to: formatDateTime(model.holdoutTo, 'time'),
            })}{' '}
            {t('calibration.summary', {
              ratio: formatRatio(model.quality.calibrationRatio),
              error: formatRate(model.quality.expectedCalibrationError),
            })}
          </figcaption>
          <ChartLegend
            label={t('calibration.legend')}
            entries={[
              {
                id: 'version',
                name: t('calibration.version', { version: model.version }),
                colour: colours.version,
              },
              ...(current.length
                ? [{ id: 'current', name: t('calibration.current'), colour: colours.current, dash: DASH }]
                : []),
              { id: 'diagonal', name: t('calibration.diagonal'), colour: colours.diagonal, dash: '2 3' },
            ]}
          />
          <div className={styles.plot} aria-hidden="true">
            <ResponsiveContainer width="100%" height="100%">
              <ScatterChart margin={{ top: 8, right: 16, bottom: 0, left: 0 }} accessibilityLayer={false}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis
                  type="number"
                  dataKey="meanPrediction"
                  domain={[0, top]}
                  ticks={ticks}
                  tickFormatter={formatRate}
                />
                <YAxis
                  type="number"
                  dataKey="positiveRate"
                  domain={[0, top]}
                  ticks={ticks}
                  tickFormatter={formatRate}
                  width={64}
                />
                <ReferenceLine
                  segment={[
                    { x: 0, y: 0 },
                    { x: top, y: top },
                  ]}
                  stroke={colours.diagonal}
                  strokeDasharray="2 3"
                />
                <Tooltip
                  formatter={(value, name) => [
                    formatRate(Number(value)),
                    name === 'positiveRate' ? t('calibration.positiveRate') : t('calibration.meanPrediction'),
                  ]}
                />
                {current.length > 0 && (
                  <Scatter
                    data={current}
                    fill={colours.current}
                    line={{ stroke: colours.current, strokeDasharray: DASH }}
                    shape="diamond"
                    isAnimationActive={false}
                  />
                )}
                <Scatter
                  data={bins}
                  fill={colours.version}
                  line={{ stroke: colours.version, strokeWidth: 2 }}
                  isAnimationActive={false}
                />
              </ScatterChart>
            </ResponsiveContainer>
          </div>
          <div className="visually-hidden">
            <table>
              <caption>{t('calibration.tableCaption', { version: model.version })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('calibration.bin')}</th>
                  <th scope="col">{t('calibration.examples')}</th>
                  <th scope="col">{t('calibration.meanPrediction')}</th>
                  <th scope="col">{t('calibration.positiveRate')}</th>
                  {current.length > 0 && (
                    <>
                      <th scope="col">{t('calibration.currentMeanPrediction')}</th>
                      <th scope="col">{t('calibration.currentPositiveRate')}</th>
                    </>
                  )}
                </tr>
              </thead>
              <tbody>
                {bins.map((bin, index) => (
                  // Bins are slices of the hold-out in order of prediction, with no identity of their own;
                  // both versions' slice the same hold-out, each by its own predictions.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <tr key={index}>
                    <th scope="row">{formatNumber(index + 1)}</th>
                    <td>{formatNumber(bin.examples)}</td>
                    <td>{formatRate(bin.meanPrediction)}</td>
                    <td>{formatRate(bin.positiveRate)}</td>
                    {current.length > 0 && (
                      <>
                        <td>{formatRate(current[index]?.meanPrediction ?? 0)}</td>
                        <td>{formatRate(current[index]?.positiveRate ?? 0)}</td>
                      </>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </figure>
  );
}
