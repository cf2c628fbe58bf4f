// The database's tables (drizzle), one file per part of the business under ./schema/, gathered
// here: every module imports its tables from this file, and drizzle-kit reads it
// (drizzle.config.ts) to write the migrations.
export * from './schema/catalogue';
export * from './schema/accounts';
export * from './schema/operations';
export * from './schema/orders';
export * from './schema/parcels';
export * from './schema/cases';
export * from './schema/consolidation';
export * from './schema/refunds';
export * from './schema/sailings';
export * from './schema/plans';
export * from './schema/status-events';
