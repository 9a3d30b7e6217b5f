import type { AreaId } from '../areas';
import type { Band } from './bands';

/** Each area's advice for each band: foundations below 60%, next steps at 60–79%, sustain at 80%+. */
export const AREA_ADVICE: Record<AreaId, Record<Band, string>> = {
  operational: {
    foundations:
      'Start by moving the work that carries most risk off paper: care plans, daily notes and rotas. One digital social care record that everyone uses matters more than any extra feature.',
    next_steps:
      'Your systems are in place; now make them work together. Automate reminders for reviews and follow-ups, link rotas to visit records, and measure how much time staff spend on admin.',
    sustain:
      'Your operations are well organised. Keep them that way: review your workflows once a year, watch your response times, and try new tools with a small team before everyone uses them.',
  },
  compliance: {
    foundations:
      'Put the basics in place first: an up-to-date set of policies, a completed Data Security and Protection Toolkit, and a simple monthly audit schedule with every action followed up.',
    next_steps:
      'Move from preparing for inspection to being ready every day: collect evidence against each CQC key question as you go, and check compliance monthly rather than once a year.',
    sustain:
      'Your compliance is strong. Keep your evidence current, share audit findings with staff, and use mock inspections to find the gaps nobody has noticed yet.',
  },
  quality: {
    foundations:
      'Focus on care plans that reflect each person, and on recording incidents, feedback and complaints in one place so that patterns can be seen.',
    next_steps:
      'Good care is in place; now show it. Write measurable outcomes into care plans, track them, and use falls and deterioration records to act earlier.',
    sustain:
      'Your service quality is strong. Report outcomes to your board or owners, to the people you support and to their families, and share what works between teams.',
  },
  training: {
    foundations:
      'Start with a training matrix for every role, regular supervision for everyone, and a record of why people leave.',
    next_steps:
      'Build on the basics: tailor training to each role and to the needs of the people you support, check that supervision happens on time, and give staff clear routes to progress.',
    sustain:
      'Your team is well supported. Keep it so: watch retention and supervision rates, and grow your senior staff from within.',
  },
  data: {
    foundations:
      'Begin with one trusted record for each person, access limited by role, and backups you have tested. Reports can only be as good as the records behind them.',
    next_steps:
      'Your records are in reasonable shape. Now check accuracy as information is entered, give staff secure access on the move, and build your regular reports from the system.',
    sustain:
      'Your data is well managed. Review who can see what once a year, keep your Data Security and Protection Toolkit current, and use your data to plan ahead.',
  },
};
