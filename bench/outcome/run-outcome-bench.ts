import { loadavg } from 'node:os';
import { createOutcomeWorld } from '@rtb/simulator';
import { cpaReport } from './cpa-report';
import { cpaSection } from './cpa-section';
import { playHistory } from './history';
import { liftReport } from './lift-report';
import { liftSection } from './lift-section';
import { modelQualitySection } from './model-quality-section';
import { OutcomeModels } from './outcome-models';
import { qualityReport } from './quality-report';
import type { SectionReport } from './section';
import { CPM_MICROS, HOLDOUT_BPS, type OutcomeBenchSettings, WORLD_OPTIONS } from './settings';
import { shadingReport } from './shading-report';
import { shadingSection } from './shading-section';
import { ShopVisitors } from './shop-visitors';

/**
 * The bench in one run: one world of the seed played in stretches (the history, (a)'s auctions,
 * (b)'s hold-out, (c)'s shading auctions), then (d)'s lift tests in worlds of their own. Each
 * section is handed to `onSection` as it ends; all of them are returned.
 */
export function runOutcomeBench(
  settings: OutcomeBenchSettings,
  onSection: (section: SectionReport) => void,
): SectionReport[] {
  const sections: SectionReport[] = [];
  const done = (section: Omit<SectionReport, 'loadAverage'>) => {
    const report = { ...section, loadAverage: loadavg()[0] ?? 0 };
    sections.push(report);
    onSection(report);
  };
  const world = createOutcomeWorld(settings.seed, WORLD_OPTIONS);
  const visitors = new ShopVisitors();
  const models = new OutcomeModels();
  const history = playHistory(world, visitors, models, {
    opportunities: settings.history,
    cpmMicros: CPM_MICROS,
  });
  // The advertiser's CPA so far is the goal; without a conversion yet, the price of one impression.
  const targetCpaMicros = Math.max(1, Math.round(history.spendMicros / Math.max(1, history.conversions)));
  const cpaSettings = { auctions: settings.auctions, cpmMicros: CPM_MICROS, targetCpaMicros };
  const cpa = cpaSection(world, visitors, models, cpaSettings);
  done(cpaReport({ ...cpaSettings, history: settings.history }, history, cpa));
  done(qualityReport(settings.heldOut, modelQualitySection(world, visitors, cpa.models, settings.heldOut)));
  const shadingSettings = { auctions: settings.shadingAuctions, targetCpaMicros };
  done(shadingReport(shadingSettings, shadingSection(world, visitors, cpa.models, shadingSettings)));
  const liftSettings = {
    seed: settings.seed,
    runs: settings.liftRuns,
    opportunities: settings.liftOpportunities,
    holdoutBps: HOLDOUT_BPS,
    cpmMicros: CPM_MICROS,
    world: WORLD_OPTIONS,
  };
  done(liftReport(liftSettings, liftSection(liftSettings)));
  return sections;
}
