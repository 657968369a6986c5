/**
 * What the delivery context's routes use of its conversions (the engine the bidder runs is
 * `@rtb/delivery`): the Tags tab's conversions with their confirmation, the postback's settings
 * and secret, and the conversions' settings.
 */

export { type DeliverySnapshot, loadDeliverySnapshot } from '@rtb/delivery';
export { confirmConversion } from './confirm-conversion';
export { listConversions } from './conversion-debug';
export { getPostbackSettings, rotatePostbackSecret } from './postback-secret';
export { changeConversionSettings } from './update-conversion-settings';
