import { describe, expect, it } from 'vitest';
import { parseAdMarkup } from './adm';
import { formatPrice, substituteMacros } from './macros';

/** An OpenRTB macro, `${NAME}`. */
const macro = (name: string) => `$\{${name}}`;
const click = `https://rtb.example.com/rtb/click?t=abc&p=${macro('AUCTION_PRICE')}`;
const pixel = `https://rtb.example.com/rtb/imp?t=abc&p=${macro('AUCTION_PRICE')}`;

describe('parseAdMarkup', () => {
  it('reads an image creative: the linked image and the pixel after it', () => {
    const html = `<a href="${click}" target="_blank"><img src="https://rtb.example.com/creatives/k1/banner.png" width="300" height="250" alt=""></a><img src="${pixel}" width="1" height="1" style="display:none">`;
    expect(parseAdMarkup(html)).toEqual({ impressionUrl: pixel, clickUrl: click });
  });

  it('reads an HTML5 creative: the clickTag of the iframe, decoded', () => {
    const html = `<iframe src="https://rtb.example.com/creatives/k2/index.html?clickTag=${encodeURIComponent(click)}" width="728" height="90" frameborder="0" scrolling="no"></iframe><img src="${pixel}" width="1" height="1">`;
    expect(parseAdMarkup(html)).toEqual({ impressionUrl: pixel, clickUrl: click });
  });

  it('copes with single quotes, bare values, upper case and entities', () => {
    const html = `<DIV><A HREF='https://rtb.example.com/rtb/click?a=1&amp;b=2'><IMG SRC=https://cdn.example.com/x.png></A><img alt="" src='https://rtb.example.com/rtb/imp?a=1&amp;b=2'></DIV>`;
    expect(parseAdMarkup(html)).toEqual({
      impressionUrl: 'https://rtb.example.com/rtb/imp?a=1&b=2',
      clickUrl: 'https://rtb.example.com/rtb/click?a=1&b=2',
    });
  });

  it('finds nothing where there is nothing of ours', () => {
    expect(
      parseAdMarkup('<a href="https://shop.example.com"><img src="https://cdn.example.com/a.png"></a>'),
    ).toEqual({
      impressionUrl: null,
      clickUrl: null,
    });
    expect(parseAdMarkup('not html at all <img')).toEqual({ impressionUrl: null, clickUrl: null });
  });
});

describe('substituteMacros', () => {
  const values = {
    AUCTION_ID: 'req-1',
    AUCTION_BID_ID: 'resp-1',
    AUCTION_IMP_ID: '1',
    AUCTION_SEAT_ID: 'seat',
    AUCTION_AD_ID: '',
    AUCTION_CURRENCY: 'EUR',
    AUCTION_PRICE: formatPrice(1.25),
  };

  it('fills plain and URL-encoded macros and leaves unknown ones', () => {
    const text = `p=${macro('AUCTION_PRICE')}&c=${macro('AUCTION_CURRENCY')}&m=${macro('AUCTION_MBR')}`;
    expect(substituteMacros(text, values)).toBe(`p=1.25&c=EUR&m=${macro('AUCTION_MBR')}`);
    const encoded = encodeURIComponent(`x?p=${macro('AUCTION_PRICE')}&id=${macro('AUCTION_ID')}`);
    expect(substituteMacros(`clickTag=${encoded}`, values)).toBe(
      `clickTag=${encodeURIComponent('x?p=1.25&id=req-1')}`,
    );
  });

  it('writes prices as plain decimals', () => {
    expect(formatPrice(2)).toBe('2');
    expect(formatPrice(0.0000004)).toBe('0');
    expect(formatPrice(1.23456789)).toBe('1.234568');
    expect(formatPrice(10)).toBe('10');
  });
});
