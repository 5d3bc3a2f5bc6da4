// The classifier is shared with the browser's visitor tracker: one implementation in shared/.
export { classifyTrafficSource, type TrafficSource } from '../../shared/trafficSource.ts'
