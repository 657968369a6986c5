/**
 * The inventory segment a win-rate curve is learned for: the bid's currency (prices compare only
 * within one), the site or app (`InventoryFacts.reportName`, as the events record it) and the
 * creative's size. `currency|domain|WxH`; an unknown domain is empty.
 */
export function winCurveSegment(segment: {
  currency: string;
  domain: string | null;
  width: number;
  height: number;
}): string {
  return `${segment.currency}|${segment.domain ?? ''}|${segment.width}x${segment.height}`;
}
