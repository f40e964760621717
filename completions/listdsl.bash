# bash completion for listdsl: options and subcommands (asked of listdsl itself, so they follow its
# argument definitions) and .list files. Load with: source completions/listdsl.bash
_listdsl() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} sub="" i
    for ((i = 1; i < COMP_CWORD; i++)); do
        case ${COMP_WORDS[i]} in run | check | html | site | diff) sub=${COMP_WORDS[i]}; break ;; esac
    done
    case $prev in
    --color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
    -o | --output) COMPREPLY=($(compgen -f -- "$cur")); return ;;
    -e | --max-steps | --limit | --title) COMPREPLY=(); return ;;
    --interpreter) COMPREPLY=($(compgen -f -- "$cur")); return ;;
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$("${COMP_WORDS[0]}" --complete-words $sub 2>/dev/null | grep '^-')" -- "$cur"))
        return
    fi
    local words=""
    [[ -z $sub && $COMP_CWORD -eq 1 ]] && words=$("${COMP_WORDS[0]}" --complete-words 2>/dev/null | grep -v "^-")
    local files='!*.list'
    [[ $sub == diff ]] && files='!*.json'
    COMPREPLY=($(compgen -W "$words" -- "$cur") $(compgen -f -X "$files" -- "$cur") $(compgen -d -S / -- "$cur"))
    compopt -o nospace 2>/dev/null
    local j
    for j in "${!COMPREPLY[@]}"; do [[ ${COMPREPLY[j]} == */ ]] || COMPREPLY[j]+=" "; done
}
complete -F _listdsl listdsl
