/** The five audit areas, in the order the audit asks them. */
export const AREA_IDS = ['operational', 'compliance', 'quality', 'training', 'data'] as const;

export type AreaId = (typeof AREA_IDS)[number];

export interface Area {
  id: AreaId;
  title: string;
  /** Five statements a care manager rates from 1 (Poor) to 5 (Excellent). */
  questions: readonly string[];
  /** What we recommend for this area, most important first. */
  recommendations: readonly string[];
}

export const AREAS: readonly Area[] = [
  {
    id: 'operational',
    title: 'Operational Efficiency',
    questions: [
      'Our day-to-day care workflows are planned and managed in one digital system rather than on paper or spreadsheets.',
      'Routine case management tasks, such as referrals, reviews and follow-ups, are created and tracked automatically.',
      'Rotas, visits and handovers are coordinated so that every member of staff knows where they need to be and when.',
      'Our care staff spend only a small part of their working week on administration.',
      'We respond quickly to new referrals, enquiries and changes in a person’s needs.',
    ],
    recommendations: [
      'Implement automated workflow management system',
      'Introduce AI-powered staff scheduling',
      'Deploy real-time task tracking dashboard',
    ],
  },
  {
    id: 'compliance',
    title: 'Compliance & Regulations',
    questions: [
      'We track changes to regulations and guidance and update our policies promptly.',
      'GDPR tasks, such as consent records, retention and subject access requests, are handled by automated processes.',
      'We monitor compliance continuously rather than finding gaps at audit time.',
      'We could evidence every CQC key question at short notice if inspected tomorrow.',
      'Personal and care records are protected by strong, regularly tested security controls.',
    ],
    recommendations: [
      'Set up automated GDPR compliance monitoring',
      'Implement real-time regulatory tracking',
      'Deploy CQC readiness dashboard',
    ],
  },
  {
    id: 'quality',
    title: 'Service Quality',
    questions: [
      'Each person’s care plan is personalised to their needs, preferences and goals.',
      'We track each person’s progress against the outcomes in their care plan.',
      'Feedback and complaints from people, families and staff are recorded, acted on and reviewed.',
      'We spot health risks, such as falls or deterioration, before they lead to incidents.',
      'We measure and report the outcomes that our care achieves.',
    ],
    recommendations: [
      'Implement AI-generated personalised care plans',
      'Deploy patient progress tracking system',
      'Set up predictive health risk monitoring',
    ],
  },
  {
    id: 'training',
    title: 'Staff Training & Support',
    questions: [
      'Training is tailored to each staff member’s role, experience and learning needs.',
      'We identify skill gaps across the team before they affect the care people receive.',
      'Staff have clear career paths and development opportunities with us.',
      'Staff performance is monitored fairly, with regular supervision and feedback.',
      'Our staff retention rate compares well with similar care providers.',
    ],
    recommendations: [
      'Create personalised training pathways',
      'Implement skill gap analysis tools',
      'Deploy performance optimisation system',
    ],
  },
  {
    id: 'data',
    title: 'Data Management',
    questions: [
      'Information entered into our systems is checked for accuracy as it is recorded.',
      'Staff can find the information they need quickly, wherever they are working.',
      'Our records are complete and consistent, with no duplicates or conflicting versions.',
      'We can produce compliance-ready reports without collating them by hand.',
      'Records are stored securely and can be retrieved efficiently when they are needed.',
    ],
    recommendations: [
      'Implement automated data validation',
      'Deploy intelligent data storage system',
      'Set up real-time data integrity monitoring',
    ],
  },
];

/** Number of statements in each area: five, so 25 in all. */
export const QUESTIONS_PER_AREA = 5;
