export * from './accounts';
export * from './activity';
export * from './emails';
export * from './organisations';
export * from './reference';
export * from './roles';
