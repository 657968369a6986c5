export const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

export const logit = (p: number) => Math.log(p / (1 - p));
