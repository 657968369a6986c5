import { openRtbExampleRequests } from '@rtb/rtb/openrtb-examples';
import type { Opportunity } from '@rtb/simulator';

type SimulatorRequest = Opportunity['request'];
type SimulatorImp = SimulatorRequest['imp'][number];

/**
 * What one in a hundred requests of `BENCH_MIX=real` is, in order: an exchange sends a bidder
 * mostly inventory it does not buy. 5 are the OpenRTB 2.6 specification's example requests (a
 * banner on a site, an expandable banner, a banner in an app, video, a private deal: the first
 * three may get a bid), `bidShare` the simulator's requests as they are (nearly all bid on), and
 * the rest simulator requests no campaign takes, in four kinds: a slot size no creative has,
 * video instead of a banner, a floor above every campaign's price, a currency without a rate.
 */
export function realMix(bidShare: number) {
  const examples = openRtbExampleRequests().map(({ body }) => body);
  const noBidShare = 100 - examples.length - bidShare;
  const kinds = [
    ['unknown size', Math.ceil(noBidShare * 0.35)],
    ['video', Math.ceil(noBidShare * 0.25)],
    ['floor above every price', Math.ceil(noBidShare * 0.25)],
  ] as const;
  let example = 0;
  return {
    describe: () =>
      `per 100 requests: ${examples.length} specification examples, ${bidShare} simulator requests as they are, ` +
      `${noBidShare} no campaign takes (${kinds.map(([kind, n]) => `${n} ${kind}`).join(', ')}, the rest a currency without a rate)`,
    /** The i-th request of the mix, made of the simulator's `request` where it is one. */
    body(i: number, request: SimulatorRequest): unknown {
      const slot = i % 100;
      if (slot < examples.length) return examples[example++ % examples.length];
      if (slot < examples.length + bidShare) return request;
      let rest = slot - examples.length - bidShare;
      const [imp] = request.imp;
      if (!imp) return request;
      for (const [kind, n] of kinds) {
        if (rest < n) return { ...request, imp: [noBidImp(kind, imp)] };
        rest -= n;
      }
      return { ...request, cur: ['JPY'], imp: [{ ...imp, bidfloorcur: 'JPY' }] };
    },
  };
}

function noBidImp(kind: 'unknown size' | 'video' | 'floor above every price', imp: SimulatorImp) {
  if (kind === 'unknown size') return { ...imp, banner: { w: 250, h: 250, pos: imp.banner.pos } };
  if (kind === 'video') {
    const { banner: _banner, ...rest } = imp;
    return { ...rest, video: { mimes: ['video/mp4'], w: 640, h: 480, minduration: 5, maxduration: 30 } };
  }
  return { ...imp, bidfloor: 500, bidfloorcur: 'USD' };
}
