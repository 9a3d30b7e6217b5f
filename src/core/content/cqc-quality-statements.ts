import type { FrameworkItem } from './audit-content';

/**
 * CQC's quality statements under its single assessment framework (the "we statements"), by key
 * question: version 1's framework list. An editor replaces them with the 2026 adult social care
 * framework's items when CQC publishes it.
 */
export const CQC_QUALITY_STATEMENTS: FrameworkItem[] = /* @__PURE__ */ qualityStatements();

// A call marked pure, so a chunk that reaches this module without using it does not keep it.
function qualityStatements(): FrameworkItem[] {
  return [
    ...items('Safe', 'safe', [
      'Learning culture',
      'Safe systems, pathways and transitions',
      'Safeguarding',
      'Involving people to manage risks',
      'Safe environments',
      'Safe and effective staffing',
      'Infection prevention and control',
      'Medicines optimisation',
    ]),
    ...items('Effective', 'effective', [
      'Assessing needs',
      'Delivering evidence-based care and treatment',
      'How staff, teams and services work together',
      'Supporting people to live healthier lives',
      'Monitoring and improving outcomes',
      'Consent to care and treatment',
    ]),
    ...items('Caring', 'caring', [
      'Kindness, compassion and dignity',
      'Treating people as individuals',
      'Independence, choice and control',
      'Responding to people’s immediate needs',
      'Workforce wellbeing and enablement',
    ]),
    ...items('Responsive', 'responsive', [
      'Person-centred care',
      'Care provision, integration and continuity',
      'Providing information',
      'Listening to and involving people',
      'Equity in access',
      'Equity in experiences and outcomes',
      'Planning for the future',
    ]),
    ...items('Well-led', 'well-led', [
      'Shared direction and culture',
      'Capable, compassionate and inclusive leaders',
      'Freedom to speak up',
      'Workforce equality, diversity and inclusion',
      'Governance, management and sustainability',
      'Partnerships and communities',
      'Learning, improvement and innovation',
      'Environmental sustainability – sustainable development',
    ]),
  ];
}

function items(keyQuestion: FrameworkItem['keyQuestion'], prefix: string, names: string[]): FrameworkItem[] {
  return names.map((name, index) => ({ id: `${prefix}-${index + 1}`, keyQuestion, name }));
}
