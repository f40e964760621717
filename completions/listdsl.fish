# fish completion for listdsl: options and subcommands (asked of listdsl itself) and .list files.
# Load with: source completions/listdsl.fish (or copy it to ~/.config/fish/completions/)
function __listdsl_subcommand
    for word in (commandline -opc)[2..-1]
        switch $word
            case run check html site diff
                echo $word
                return
        end
    end
end
function __listdsl_words
    listdsl --complete-words (__listdsl_subcommand) 2>/dev/null | string match -- '-*'
end
complete -c listdsl -f
complete -c listdsl -n 'test -z (__listdsl_subcommand)' -a '(listdsl --complete-words 2>/dev/null | string match -v -- "-*")'
complete -c listdsl -n 'test (__listdsl_subcommand) != diff' -a '(__fish_complete_suffix .list)'
complete -c listdsl -n 'test (__listdsl_subcommand) = diff' -a '(__fish_complete_suffix .json)'
complete -c listdsl -n 'string match -q -- "-*" (commandline -ct)' -a '(__listdsl_words)'
complete -c listdsl -l color -x -a 'auto always never'
