export const dynamicBannerMessages = {
  colourInvalid: 'Give a colour as #RRGGBB.',
  callToActionLength: 'The call to action is 1 to 20 characters.',
} as const;
