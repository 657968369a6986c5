export {
  DEMO_FEED_PATH,
  DEMO_SHOP_PATH,
  type DemoProduct,
  demoImagePath,
  demoProductPath,
  demoProducts,
} from './catalogue';
export { demoFeedXml } from './feed';
export { createDemoShop, type DemoShopOptions } from './handler';
export { productPng } from './png';
