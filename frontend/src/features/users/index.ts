// The users feature's public face for other screens: the directory of users a lead or a
// listing is given to.
export { agentName, agentNameOf, agentsQueryKey, useAgents, type Agent } from './api/agents';
