export * from './membership';
export * from './products-for';
export * from './profile';
