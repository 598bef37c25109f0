/** What a call says when the server cannot be reached: also when the error catalogue itself cannot be fetched. */
export const cannotConnectMessage = 'Could not connect to server, please check your connection';
