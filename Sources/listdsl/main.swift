// placeholder: replaced by the command
