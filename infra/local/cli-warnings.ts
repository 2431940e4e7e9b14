// kafkajs 2.2.4 arms a timer with a negative delay whenever it is not throttled, and Node >= 23 prints a
// TimeoutNegativeWarning for it on every run. Node then uses 1 ms, which is what kafkajs meant, so the
// infra CLIs hide that one warning and still print every other one.
const printDefault = process.listeners('warning');
process.removeAllListeners('warning');
process.on('warning', (warning) => {
  if (warning.name === 'TimeoutNegativeWarning') return;
  for (const listener of printDefault) listener(warning);
});
