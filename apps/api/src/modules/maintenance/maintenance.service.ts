// Database upkeep the process runs at start (statistics for the planner after migrations).
export { vacuumAnalyzeDatabase } from './maintenance.repository';
