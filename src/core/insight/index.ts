// What the results say beyond the scores: priorities, band advice, CQC key questions.
export * from './key-questions';
export * from './statements';
export * from './bands';
export * from './area-advice';
export * from './priorities';
export * from './key-question-scores';
