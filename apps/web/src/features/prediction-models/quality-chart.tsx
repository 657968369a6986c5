import type { PageMeta, PredictionModelDto, PredictionModelKind } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDateTime, formatNumber } from '../../lib/format';
import { ChartLegend } from '../../shell/chart-legend/chart-legend';
import { formatAuc, formatLogLoss } from './model-figures';
import styles from './prediction-models.module.css';

const qualityColours = { logLoss: '#2563eb', auc: '#16a34a', refused: '#dc2626' };

interface QualityPoint {
  version: number;
  logLoss: number | null;
  auc: number | null;
  refused: boolean;
}

/** A version's point on a line: a dot, a red ring when the version was refused; nothing where the figure is missing. */
function versionDot(colour: string) {
  return function VersionDot(props: { cx?: number; cy?: number; index?: number; payload?: QualityPoint }) {
    const { cx, cy, index, payload } = props;
    if (cx === undefined || cy === undefined || !Number.isFinite(cy)) return <g key={index} />;
    return payload?.refused ? (
      <circle
        key={index}
        cx={cx}
        cy={cy}
        r={5}
        fill="#ffffff"
        stroke={qualityColours.refused}
        strokeWidth={2}
      />
    ) : (
      <circle key={index} cx={cx} cy={cy} r={2.5} fill={colour} />
    );
  };
}

/**
 * The newest versions' log loss (left axis) and AUC (right axis), each on its own hold-out hour,
 * oldest on the left; refused versions are red rings on the lines. Screen readers get the
 * caption, the legend and a table of the same figures.
 */
export function QualityChart({
  kind,
  models,
}: {
  kind: PredictionModelKind;
  models: { elements: PredictionModelDto[]; meta: PageMeta };
}) {
  const { t } = useTranslation('prediction-models');
  const versions = [...models.elements].reverse();
  const points: QualityPoint[] = versions.map((model) => ({
    version: model.version,
    logLoss: model.quality.logLoss,
    auc: model.quality.auc,
    refused: model.status === 'refused',
  }));
  const refused = points.filter((point) => point.refused).length;

  return (
    <figure className={styles.card} aria-labelledby="quality-heading">
      <h2 id="quality-heading" className={styles.cardHeading}>
        {t('quality.heading')}
      </h2>
      <figcaption className={styles.note}>
        {t('quality.caption', { count: points.length, kind: t(`kinds.${kind}`) })}{' '}
        {refused > 0 && t('quality.refused', { count: refused })}
      </figcaption>
      <ChartLegend
        label={t('quality.legend')}
        entries={[
          { id: 'logLoss', name: t('figures.logLoss'), colour: qualityColours.logLoss },
          { id: 'auc', name: t('figures.auc'), colour: qualityColours.auc },
        ]}
      />
      <div className={styles.chart} aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart
            data={points}
            margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
            accessibilityLayer={false}
          >
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="version" minTickGap={16} />
            <YAxis
              yAxisId="logLoss"
              width={56}
              tickFormatter={(value: number) => formatNumber(value, { maximumFractionDigits: 3 })}
            />
            <YAxis
              yAxisId="auc"
              orientation="right"
              domain={[0, 1]}
              width={40}
              tickFormatter={(value: number) => formatNumber(value, { maximumFractionDigits: 1 })}
            />
            <Tooltip
              labelFormatter={(version) => t('quality.version', { version: String(version) })}
              formatter={(value, name) =>
                name === 'auc'
                  ? [formatAuc(Number(value)), t('figures.auc')]
                  : [formatLogLoss(Number(value)), t('figures.logLoss')]
              }
            />
            <Line
              yAxisId="logLoss"
              type="linear"
              dataKey="logLoss"
              stroke={qualityColours.logLoss}
              strokeWidth={2}
              dot={versionDot(qualityColours.logLoss)}
              isAnimationActive={false}
            />
            <Line
              yAxisId="auc"
              type="linear"
              dataKey="auc"
              stroke={qualityColours.auc}
              strokeWidth={2}
              dot={versionDot(qualityColours.auc)}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <div className="visually-hidden">
        <table>
          <caption>{t('quality.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('columns.version')}</th>
              <th scope="col">{t('columns.created')}</th>
              <th scope="col">{t('columns.status')}</th>
              <th scope="col">{t('figures.logLoss')}</th>
              <th scope="col">{t('figures.auc')}</th>
            </tr>
          </thead>
          <tbody>
            {versions.map((model) => (
              <tr key={model.version}>
                <th scope="row">{formatNumber(model.version)}</th>
                <td>{formatDateTime(model.createdAt)}</td>
                <td>{t(`status.${model.status}`)}</td>
                <td>{formatLogLoss(model.quality.logLoss)}</td>
                <td>{formatAuc(model.quality.auc)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
