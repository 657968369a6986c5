import { convert } from './inventory';
import type { BidRequest } from './openrtb';

/** The imp's floor in `currency`: 0 without one, or in a currency the exchange cannot convert. */
export function floorIn(request: BidRequest, currency: string): number {
  const imp = request.imp[0];
  return imp?.bidfloor ? (convert(imp.bidfloor, imp.bidfloorcur ?? 'USD', currency) ?? 0) : 0;
}
