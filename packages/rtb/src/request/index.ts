export { DEFAULT_MAX_IMPS, type ParsedBidRequest, parseBidRequest } from './parse-bid-request';
export { type InvalidRequestReason, invalidRequestReasons, type NoBidReason, noBidReasons } from './reasons';
