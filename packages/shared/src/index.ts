export * from './constants';
export * from './enums';
export * from './messages';
export * from './permissions';
export * from './schemas/auth';
export * from './schemas/common';
export * from './schemas/reference';
export * from './schemas/users';
