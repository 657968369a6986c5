/** One product of the demo shop: its feed id, title, price (PLN) and the colours of its picture. */
export interface DemoProduct {
  id: string;
  title: string;
  /** Gross price in PLN, two decimals. */
  price: string;
  /** The feed's product_type (`A > B`). */
  type: string;
  colour: readonly [number, number, number];
}

/** The demo shop's fixed catalogue: what its pages show, its feed lists and its visitors view. */
export const demoProducts: readonly DemoProduct[] = [
  { id: 'DS-101', title: 'Linen shirt', price: '149.00', type: 'Clothing > Shirts', colour: [59, 130, 246] },
  { id: 'DS-102', title: 'Denim jacket', price: '289.00', type: 'Clothing > Jackets', colour: [30, 64, 175] },
  {
    id: 'DS-103',
    title: 'Wool scarf',
    price: '79.00',
    type: 'Clothing > Accessories',
    colour: [220, 38, 38],
  },
  { id: 'DS-104', title: 'Running shoes', price: '349.00', type: 'Shoes > Sport', colour: [234, 88, 12] },
  { id: 'DS-105', title: 'Leather boots', price: '459.00', type: 'Shoes > Boots', colour: [120, 53, 15] },
  { id: 'DS-106', title: 'Canvas sneakers', price: '189.00', type: 'Shoes > Casual', colour: [250, 204, 21] },
  { id: 'DS-107', title: 'Ceramic mug', price: '39.00', type: 'Home > Kitchen', colour: [20, 184, 166] },
  { id: 'DS-108', title: 'Table lamp', price: '219.00', type: 'Home > Lighting', colour: [217, 119, 6] },
  { id: 'DS-109', title: 'Cotton throw', price: '129.00', type: 'Home > Textiles', colour: [168, 85, 247] },
  { id: 'DS-110', title: 'Backpack', price: '199.00', type: 'Bags > Backpacks', colour: [22, 163, 74] },
  { id: 'DS-111', title: 'Tote bag', price: '69.00', type: 'Bags > Totes', colour: [236, 72, 153] },
  {
    id: 'DS-112',
    title: 'Sunglasses',
    price: '249.00',
    type: 'Clothing > Accessories',
    colour: [71, 85, 105],
  },
];

/** Where the demo shop lives on the platform's own host. */
export const DEMO_SHOP_PATH = '/demo-shop';

export const demoProductPath = (id: string) => `${DEMO_SHOP_PATH}/products/${encodeURIComponent(id)}.html`;
export const demoImagePath = (id: string) => `${DEMO_SHOP_PATH}/images/${encodeURIComponent(id)}.png`;
export const DEMO_FEED_PATH = `${DEMO_SHOP_PATH}/feed.xml`;
