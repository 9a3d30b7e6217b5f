// The audit's words as versioned data (issue 34): the document's shape, version 1, the checks.
export * from './audit-content';
export * from './content-v1';
export * from './check-content';
export * from './sample-answers';
export * from './content-words';
export * from './compare-statements';
export * from './content-changes';
export * from './questions-v1';
export * from './carry-answers';
export * from './statement-change-words';
export * from './version-number';
