import type { AreaId } from '../../../core';

/** An audit area as the home page sells it : title, description, five feature lines and an improvement figure. */
export interface AreaCard {
  area: AreaId;
  title: string;
  description: string;
  features: readonly string[];
  improvement: string;
  improvementLabel: string;
}

export const AREA_CARDS: readonly AreaCard[] = [
  {
    area: 'operational',
    title: 'Operational Efficiency',
    description: 'Streamline workflows and cut the time your team spends on paperwork.',
    features: [
      'Workflow management',
      'Automated case management',
      'Staff coordination',
      'Less admin time',
      'Faster response times',
    ],
    improvement: '+34%',
    improvementLabel: 'average efficiency gain',
  },
  {
    area: 'compliance',
    title: 'Compliance & Regulations',
    description: 'Stay inspection-ready with regulatory tracking and automated GDPR checks.',
    features: [
      'Regulatory tracking',
      'GDPR automation',
      'Real-time monitoring',
      'CQC inspection readiness',
      'Data security',
    ],
    improvement: '96%',
    improvementLabel: 'compliance success',
  },
  {
    area: 'quality',
    title: 'Service Quality',
    description: 'Personalise care, track progress and spot health risks early.',
    features: [
      'Care plan personalisation',
      'Progress tracking',
      'Feedback handling',
      'Health risk prediction',
      'Outcome measurement',
    ],
    improvement: '+28%',
    improvementLabel: 'better care outcomes',
  },
  {
    area: 'training',
    title: 'Staff Training & Support',
    description: 'Develop, support and keep the people who deliver your care.',
    features: [
      'Tailored training',
      'Skill-gap identification',
      'Clear career paths',
      'Performance monitoring',
      'Higher retention',
    ],
    improvement: '+42%',
    improvementLabel: 'staff retention',
  },
  {
    area: 'data',
    title: 'Data Management',
    description: 'Keep records accurate, accessible and ready for any report.',
    features: [
      'Data validation',
      'Accessible records',
      'Data integrity',
      'Compliance-ready reports',
      'Efficient storage and retrieval',
    ],
    improvement: '+56%',
    improvementLabel: 'data accuracy',
  },
];

export const PROMISES = [
  '15-minute setup',
  'No upfront costs',
  'Instant insights',
  'Free AI health check – no credit card',
  'Expert support',
] as const;

export const DEMO_BARS = [
  { label: 'Operational efficiency', value: 85 },
  { label: 'Compliance', value: 96 },
  { label: 'Service quality', value: 78 },
] as const;

export const TRUST_STATS = [
  { figure: '500+', label: 'care providers audited' },
  { figure: '98%', label: 'compliance success rate' },
  { figure: '50,000+', label: 'care staff trained' },
  { figure: '35%', label: 'average time savings' },
] as const;

export const BADGES = ['ISO 27001', 'CQC approved methods', 'GDPR compliant', 'NHS partnership'] as const;
