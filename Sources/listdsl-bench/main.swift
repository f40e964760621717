// placeholder: replaced by the batch-engine benchmark
