// The system templates every merchant has (seeded for new merchants, the demo and the automation run).
export { findSystemTemplate, seedSystemTemplates } from './system-templates.repository';
