/** The parts of OpenRTB 2.6 the simulated exchange sends and reads. */

export interface Format {
  w: number;
  h: number;
}

export interface Imp {
  id: string;
  tagid: string;
  banner: { w?: number; h?: number; format?: Format[]; pos: number; topframe?: number };
  bidfloor?: number;
  bidfloorcur?: string;
  secure: number;
}

export interface Publisher {
  id: string;
  name: string;
  domain?: string;
}

export interface Site {
  id: string;
  name: string;
  domain: string;
  page: string;
  cat: string[];
  publisher: Publisher;
}

export interface App {
  id: string;
  name: string;
  bundle: string;
  storeurl: string;
  cat: string[];
  publisher: Publisher;
}

export interface UserAgent {
  browsers: { brand: string; version: string[] }[];
  platform: { brand: string; version?: string[] };
  mobile: number;
  source: number;
}

export interface Device {
  ua: string;
  sua?: UserAgent;
  ip: string;
  devicetype: number;
  os: string;
  osv?: string;
  make?: string;
  model?: string;
  ifa?: string;
  language: string;
  js: number;
  dnt: number;
  /** `utcoffset`: minutes from UTC, where the exchange knows the user's time zone. */
  geo: { country: string; type: number; utcoffset?: number };
}

/** Who sold the impression, hop by hop (OpenRTB 2.6 `source.schain`, the IAB SupplyChain object). */
export interface SupplyChain {
  complete: 0 | 1;
  ver: string;
  /** `asi`: the seller's system (the exchange's domain); `sid`: the seller's id in it; `hp`: paid by this hop. */
  nodes: { asi: string; sid: string; hp: 1 }[];
}

export interface BidRequest {
  id: string;
  at: 1 | 2;
  tmax: number;
  cur: string[];
  imp: Imp[];
  site?: Site;
  app?: App;
  device: Device;
  user: { id: string; buyeruid?: string; consent?: string };
  regs: { coppa?: number; gdpr: number };
  source: { tid: string; schain?: SupplyChain };
  bcat: string[];
  badv?: string[];
  test: 0;
}

export interface Bid {
  id?: string;
  impid?: string;
  price?: number;
  adm?: string;
  adid?: string;
  nurl?: string;
  burl?: string;
  lurl?: string;
  adomain?: string[];
  crid?: string;
  cid?: string;
  w?: number;
  h?: number;
  ext?: { advertiserId?: number | string };
}

export interface BidResponse {
  id?: string;
  bidid?: string;
  cur?: string;
  seatbid?: { seat?: string; bid?: Bid[] }[];
}
