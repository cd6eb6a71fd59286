/** One valid document per root field (the deny tests, test/api.test.ts). */
export const pushSamples: Record<string, string> = {
  'Query.chavePublicaPush': '{ chavePublicaPush }',
  'Mutation.gerarPushSubscription':
    'mutation { gerarPushSubscription(input: { endpoint: "https://fcm.googleapis.com/fcm/send/x", auth: "AAAAAAAAAAAAAAAAAAAAAA", key: "x" }) }',
  'Mutation.removerPushSubscription':
    'mutation { removerPushSubscription(endpoint: "https://fcm.googleapis.com/fcm/send/x") }',
};
