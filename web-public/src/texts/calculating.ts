// The calculating screen's texts (spec §2 Calculating screen: the five stage messages and "Results Ready!").
import { i18n } from './i18n';

export const calculatingTexts = i18n('calculating', {
  title: 'Analyzing Your Health Data',
  startOver: 'Cancel and start over',
  progress: 'Calculation progress',
  'Calculating BMI Score': 'Calculating BMI Score',
  'Calculating Body Fat': 'Calculating Body Fat',
  'Calculating WHR': 'Calculating WHR',
  'Calculating Daily Energy': 'Calculating Daily Energy',
  'Calculating Metabolic Age': 'Calculating Metabolic Age',
  'Results Ready!': 'Results Ready!',
});
